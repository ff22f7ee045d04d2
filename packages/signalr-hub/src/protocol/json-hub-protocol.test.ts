import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  RecordReader,
  parseHandshakeRequest,
  parseMessage,
  writeRecord,
} from './json-hub-protocol';

describe('RecordReader', () => {
  it('returns complete records and keeps a cut one until the rest arrives', () => {
    const reader = new RecordReader();

    expect(reader.push('{"type":6}\u001e{"type":1,')).toEqual(['{"type":6}']);
    expect(reader.push('"target":"A","arguments":[]}\u001e')).toEqual([
      '{"type":1,"target":"A","arguments":[]}',
    ]);
    expect(reader.bufferedLength).toBe(0);
  });

  it('joins a record cut into many pieces, and splits several records in one piece', () => {
    const reader = new RecordReader(100);

    expect(reader.push('{"ty')).toEqual([]);
    expect(reader.push('pe":')).toEqual([]);
    expect(reader.push('6}\u001e{"type":6}\u001e{"type"')).toEqual(['{"type":6}', '{"type":6}']);
    expect(reader.bufferedLength).toBe(7);
  });

  it('refuses a record that grows past the limit across pieces, counting UTF-8 bytes', () => {
    const reader = new RecordReader(10);

    expect(reader.push('ééé')).toEqual([]); // 6 bytes
    expect(reader.bufferedLength).toBe(6);
    expect(() => reader.push('ééé')).toThrow(
      new ProtocolError('The message exceeds the maximum message size of 10 bytes.'),
    );
  });

  it('refuses a complete record past the limit, and accepts one exactly at it', () => {
    const reader = new RecordReader(10);

    expect(reader.push('0123456789\u001e')).toEqual(['0123456789']);
    expect(() => reader.push('01234567890\u001e')).toThrow(ProtocolError);
  });
});

describe('parseHandshakeRequest', () => {
  it('reads the protocol and version', () => {
    expect(parseHandshakeRequest('{"protocol":"json","version":1}')).toEqual({
      protocol: 'json',
      version: 1,
    });
  });

  it('refuses a handshake without a protocol', () => {
    expect(() => parseHandshakeRequest('{"version":1}')).toThrow(ProtocolError);
  });
});

describe('parseMessage', () => {
  it('reads an invocation, ignoring headers', () => {
    expect(
      parseMessage('{"type":1,"invocationId":"7","target":"Add","arguments":[1,2],"headers":{"a":"b"}}'),
    ).toEqual({ type: 1, invocationId: '7', target: 'Add', arguments: [1, 2] });
  });

  it('reads a non-blocking invocation and a close with allowReconnect', () => {
    expect(parseMessage('{"type":1,"target":"Note","arguments":[]}')).toEqual({
      type: 1,
      target: 'Note',
      arguments: [],
    });
    expect(parseMessage('{"type":7,"error":"bye","allowReconnect":true}')).toEqual({
      type: 7,
      error: 'bye',
      allowReconnect: true,
    });
  });

  it('keeps a null result of a completion', () => {
    expect(parseMessage('{"type":3,"invocationId":"1","result":null}')).toEqual({
      type: 3,
      invocationId: '1',
      result: null,
    });
  });

  it.each([
    ['not JSON', '{"type":'],
    ['an array', '[1]'],
    ['an invocation without arguments', '{"type":1,"target":"A"}'],
    ['an invocation with a numeric target', '{"type":1,"target":5,"arguments":[]}'],
    ['an unknown type', '{"type":42}'],
  ])('refuses %s', (_label, record) => {
    expect(() => parseMessage(record)).toThrow(ProtocolError);
  });
});

describe('writeRecord', () => {
  it('ends each message with the record separator', () => {
    expect(writeRecord({ type: 6 })).toBe('{"type":6}\u001e');
    expect(writeRecord({})).toBe('{}\u001e');
  });
});
