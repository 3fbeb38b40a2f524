/** The product calls a lab lecture "practical"; the original data (and the wire) still say `lab`. */
export function lectureTypeText(type: string): string {
  return type === 'lab' ? 'practical' : type;
}
