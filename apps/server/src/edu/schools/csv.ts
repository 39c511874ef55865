/**
 * CSV text (RFC 4180, as spreadsheet programs and the public school registries write it):
 * fields separated by a delimiter, records by CRLF, LF or CR, fields with a delimiter, quote or
 * line break quoted with `"` and inner quotes doubled. A leading byte-order mark is dropped.
 */

/** Splits CSV text into records of fields. A trailing line break adds no empty record. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\r' || delimiter === '\n')
    throw new Error(`unusable CSV delimiter ${JSON.stringify(delimiter)}`);
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < input.length) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) endField();
    else if (c === '\r' || c === '\n') {
      endRecord();
      if (c === '\r' && input[i + 1] === '\n') i += 1;
    } else field += c;
    i += 1;
  }
  if (field !== '' || record.length > 0 || quoted) endRecord();
  return records;
}

/** Writes records as CSV (quoting only where needed), lines ended by CRLF. */
export function formatCsv(records: readonly (readonly string[])[], delimiter = ','): string {
  const quote = (f: string) =>
    f.includes(delimiter) || /["\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f;
  return records.map((r) => `${r.map(quote).join(delimiter)}\r\n`).join('');
}
