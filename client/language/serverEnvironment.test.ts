import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serverEnvironment } from './serverEnvironment';

describe('server environment', () => {
  it('is the inherited one with the code cache and a smaller young generation, without NODE_EXTRA_CA_CERTS, and leaves the original alone', () => {
    const inherited = { PATH: '/usr/bin', NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/corporate.pem', HTTPS_PROXY: 'http://proxy:3128' };
    assert.deepEqual(serverEnvironment(inherited, '/cache'), { PATH: '/usr/bin', HTTPS_PROXY: 'http://proxy:3128', NODE_OPTIONS: '--max-semi-space-size=8', NOARKQ_CODE_CACHE: '/cache' });
    assert.equal(inherited.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/corporate.pem');
  });

  it('keeps the Node options it inherits', () => {
    assert.equal(serverEnvironment({ NODE_OPTIONS: '--max-old-space-size=4096' }, '/cache').NODE_OPTIONS, '--max-old-space-size=4096 --max-semi-space-size=8');
  });
});
