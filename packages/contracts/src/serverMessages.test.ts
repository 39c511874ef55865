import { describe, expect, it } from 'vitest';
import { AnalyticsMessage } from './analyticsMessages';
import { EduMessage } from './eduMessages';
import { InkMessage } from './inkMessages';
import { serverMessageKey } from './serverMessages';

describe('serverMessageKey', () => {
  it("reads back the values of the server's messages, whatever the writer or the unit is called", () => {
    const writer = 'a "quoted" (odd) writer: x';
    expect(serverMessageKey(InkMessage.foreignWriter(writer))).toEqual({
      key: 'ink.foreignWriter',
      params: { writer },
    });
    expect(serverMessageKey(InkMessage.recordWriter(12, writer))).toEqual({
      key: 'ink.recordWriter',
      params: { record: 12, writer },
    });
    expect(serverMessageKey(AnalyticsMessage.unitOutside("Pupils' (2) maps", 3, 9, 1, 8))).toEqual({
      key: 'analytics.unitOutside',
      params: { title: "Pupils' (2) maps", start: 3, end: 9, first: 1, last: 8 },
    });
  });

  it("drops a library's reason from a malformed payload, even one with brackets and colons", () => {
    expect(serverMessageKey(InkMessage.invalidUpload('data.page: bad (x): y)', 3))).toEqual({
      key: 'ink.invalidRecord',
      params: { record: 3 },
    });
    expect(serverMessageKey(InkMessage.invalidUpload('startTime is not an epoch ms', 0, 5))).toEqual({
      key: 'ink.invalidStroke',
      params: { record: 0, stroke: 5 },
    });
  });

  it('finds a query refusal after the field it names, and the shared texts as the education API', () => {
    expect(serverMessageKey(`querystring/pageNumber: ${InkMessage.tooManyPageNumbers}`)?.key).toBe(
      'ink.tooManyPageNumbers',
    );
    expect(serverMessageKey(InkMessage.studentNotFound)?.key).toBe('noStudents');
    expect(serverMessageKey(AnalyticsMessage.classNotFound)?.key).toBe('classNotFound');
    expect(serverMessageKey(EduMessage.lessonStep)?.key).toBe('lessonStep');
    expect(serverMessageKey('body/0/name: Too small')).toBeUndefined();
  });
});
