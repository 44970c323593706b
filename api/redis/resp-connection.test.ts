import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisReplyError, RespConnection } from './resp-connection.ts';
import { startTestRedis, type TestRedisServer } from './test-redis-server.ts';

let redis: TestRedisServer;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => redis?.close());

describe('the RESP connection', () => {
  it('answers each reply type: status, integer, bulk, null, arrays, and error replies as rejections', async () => {
    const connection = new RespConnection(redis.url);
    await connection.connect();
    expect(await connection.command(['SET', 'k', 'välue\r\nwith a line break'])).toBe('OK');
    expect(await connection.command(['GET', 'k'])).toBe('välue\r\nwith a line break');
    expect(await connection.command(['INCR', 'n'])).toBe(1);
    expect(await connection.command(['GET', 'missing'])).toBeNull();
    expect(await connection.send('RPUSH', ['l', 'a', 'b'])).toBe(2);
    expect(await connection.command(['LRANGE', 'l', 0, -1])).toEqual(['a', 'b']);
    await expect(connection.command(['INCR', 'k'])).rejects.toThrow(RedisReplyError);
    // The connection goes on after an error reply: the replies stay paired with their commands.
    expect(await connection.command(['PING'])).toBe('PONG');
    connection.close();
  });

  it('keeps an error inside EXEC as an element, and pairs many pipelined replies with their commands', async () => {
    const connection = new RespConnection(redis.url);
    await connection.connect();
    const queued = [connection.command(['MULTI']), connection.command(['SET', 's', 'x']), connection.command(['INCR', 's']), connection.command(['EXEC'])];
    const exec = (await Promise.all(queued))[3];
    expect(Array.isArray(exec) && exec[0] === 'OK' && exec[1] instanceof RedisReplyError).toBe(true);
    const big = 'x'.repeat(200_000);
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => connection.command(i % 2 ? ['ECHO', `${i}`] : ['ECHO', big])));
    expect(replies.every((reply, i) => reply === (i % 2 ? `${i}` : big))).toBe(true);
    connection.close();
  });

  it('fails what is pending when the connection is closed, and refuses commands after', async () => {
    const connection = new RespConnection(redis.url);
    await connection.connect();
    const blocked = connection.command(['BLPOP', 'nothing', 5]);
    connection.close();
    await expect(blocked).rejects.toThrow('Connection is closed.');
    await expect(connection.command(['PING'])).rejects.toThrow('Connection is closed.');
    expect(connection.closed).toBe(true);
  });
});
