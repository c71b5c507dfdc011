/** The transport rules of the office server as units: plain HTTP only on loopback, --listen parsing, the Host names. */
import { describe, expect, test } from 'vitest';
import { hostMatcher } from '../../main/http/host-match.js';
import { acceptedHosts, assertTransportAllowed, isLoopback, parseListen } from '../../main/office-server/listen.js';

describe('listen rules', () => {
  test('loopback is 127.0.0.0/8, ::1 and localhost; nothing else', () => {
    for (const h of ['127.0.0.1', '127.0.0.2', '127.255.1.9', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '128.0.0.1', 'kvitt.kontor.lan', '1127.0.0.1']) expect(isLoopback(h), h).toBe(false);
  });

  test('plain HTTP beyond loopback is refused; with TLS it is allowed', () => {
    expect(() => assertTransportAllowed('0.0.0.0', false)).toThrow(/Plain HTTP is refused on 0\.0\.0\.0/);
    expect(() => assertTransportAllowed('192.168.1.10', false)).toThrow(/--tls-cert/);
    expect(() => assertTransportAllowed('0.0.0.0', true)).not.toThrow();
    expect(() => assertTransportAllowed('127.0.0.2', false)).not.toThrow();
  });

  test('--listen takes HOST:PORT, [v6]:PORT or a port', () => {
    expect(parseListen('0.0.0.0:7070')).toEqual({ host: '0.0.0.0', port: 7070 });
    expect(parseListen('[::]:7070')).toEqual({ host: '::', port: 7070 });
    expect(parseListen('7070')).toEqual({ host: '127.0.0.1', port: 7070 });
    for (const bad of ['0.0.0.0', '0.0.0.0:99999', 'a:b', '']) expect(() => parseListen(bad), bad).toThrow(/--listen/);
  });

  test('Host names: loopback names always, plus the public names and the address listened on', () => {
    expect(acceptedHosts('192.168.1.10', ['Kvitt.Kontor.lan'])).toEqual(['kvitt.kontor.lan', '192.168.1.10']);
    expect(acceptedHosts('127.0.0.1', [])).toEqual([]);
    const re = hostMatcher(['kvitt.kontor.lan']);
    expect(re.exec('kvitt.kontor.lan:7070')?.[2]).toBe('7070');
    expect(re.test('localhost:7070')).toBe(true);
    expect(re.test('kvittxkontor.lan:7070')).toBe(false); // dots are not wildcards
    expect(re.test('evil.kvitt.kontor.lan')).toBe(false);
  });
});
