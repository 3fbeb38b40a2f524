import { describe, expect, it } from 'vitest';
import { buildLecture, buildWeek, STREAM } from './timetable-fixtures';
import { lectureTime, lectureTitle, streamLabel, weekGrid } from './week-days';

describe('weekGrid', () => {
  it('puts Monday first and each day in start-time order', () => {
    const grid = weekGrid(buildWeek());
    expect(grid.map((d) => d.day)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY']);
    expect(grid[0]?.lectures.map((l) => l.start_time)).toEqual(['09:00', '11:00']);
  });

  it('sends days it does not know to the end', () => {
    const week = {
      schedules: [
        { day: 'HOLIDAY', lectures: [] },
        { day: 'friday', lectures: [] },
      ],
    };
    expect(weekGrid(week).map((d) => d.day)).toEqual(['friday', 'HOLIDAY']);
  });
});

describe('lecture texts', () => {
  it('titles a tile "{subject_name} ({teacher_code})" and times it "start - end"', () => {
    const lecture = buildLecture();
    expect(lectureTitle(lecture)).toBe('Information Security (CST)');
    expect(lectureTime(lecture)).toBe('09:00 - 10:00');
  });

  it('falls back to the subject map name when the direct name is empty', () => {
    const lecture = buildLecture({
      subject: { subject_name: '', subject_map: { subject_name: 'Compilers' } },
    });
    expect(lectureTitle(lecture)).toBe('Compilers (CST)');
  });

  it('labels a stream "{title} - {stream_code} {branch_name}"', () => {
    expect(streamLabel(STREAM)).toBe('BE - 07 Computer Engineering');
  });
});
