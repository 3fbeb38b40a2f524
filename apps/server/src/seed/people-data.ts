/** Name parts for generated demo people (common Indian given names and surnames). */
export const GIVEN_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Shaurya',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Myra', 'Anika', 'Pari', 'Navya', 'Kiara', 'Riya',
  'Rohan', 'Kabir', 'Dev', 'Yash', 'Harsh', 'Manav', 'Parth', 'Dhruv', 'Jay', 'Meet',
  'Priya', 'Sneha', 'Pooja', 'Khushi', 'Nidhi', 'Hetvi', 'Krupa', 'Janvi', 'Dhwani', 'Mahi',
] as const;

export const SURNAMES = [
  'Patel', 'Shah', 'Mehta', 'Desai', 'Joshi', 'Trivedi', 'Pandya', 'Bhatt', 'Parmar', 'Chauhan',
  'Solanki', 'Rana', 'Modi', 'Vyas', 'Dave', 'Thakkar', 'Panchal', 'Gandhi', 'Soni', 'Raval',
] as const;

export const TEACHER_NAMES = [
  'Chirag S. Thakkar', 'Hetal A. Joshi', 'Nirav M. Patel', 'Kruti J. Shah', 'Vishal R. Mehta', 'Dipti B. Desai',
  'Jignesh K. Pandya', 'Mitali D. Trivedi', 'Rakesh P. Bhatt', 'Sejal N. Parmar', 'Tushar V. Chauhan', 'Payal H. Solanki',
  'Ankit G. Rana', 'Bhavna L. Modi', 'Kaushal T. Vyas', 'Foram S. Dave', 'Hardik C. Panchal', 'Nisha R. Gandhi',
  'Mehul J. Soni', 'Rupal K. Raval', 'Sandip B. Patel', 'Urvi M. Shah', 'Alpesh D. Mehta', 'Zalak P. Desai',
  'Yogesh H. Joshi', 'Krina A. Trivedi', 'Paresh N. Pandya', 'Shruti V. Bhatt', 'Darshan K. Parmar', 'Isha T. Chauhan',
] as const;
