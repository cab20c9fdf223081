import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeHostRule, hostProblem, hostRule } from './hostCheck';

test('the loopback names and the --host address are accepted, on the listening port only', () => {
  const rule = hostRule('192.168.1.20', 8765);
  for (const host of ['127.0.0.1', '127.0.0.1:8765', 'localhost:8765', 'localhost.:8765', '[::1]:8765', '192.168.1.20:8765', '192.168.1.20']) {
    assert.equal(hostProblem(host, rule), undefined, host);
  }
  for (const host of ['evil.example', 'evil.example:8765', '127.0.0.1:8766', '[::1]:80', '127.0.0.1:x', '']) {
    assert.match(hostProblem(host, rule) ?? '', /is not this sandbox's address/, host);
  }
  assert.equal(describeHostRule(rule), '127.0.0.1[:8765], localhost[:8765], [::1][:8765], 192.168.1.20[:8765]');
});

test('an IPv6 --host is compared in brackets', () => {
  const rule = hostRule('fd00::1', 9000);
  assert.equal(hostProblem('[fd00::1]:9000', rule), undefined);
  assert.ok(hostProblem('[fd00::2]:9000', rule));
});

test('a sandbox bound to every interface answers to any name; a request without Host is served', () => {
  for (const listen of ['0.0.0.0', '::']) {
    const rule = hostRule(listen, 8765);
    assert.equal(hostProblem('archive.example.org:8765', rule), undefined);
    assert.equal(describeHostRule(rule), 'any');
  }
  assert.equal(hostProblem(undefined, hostRule('127.0.0.1', 8765)), undefined);
});
