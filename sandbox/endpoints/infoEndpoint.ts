/**
 * `GET info/me` → `{userId}`: who the token belongs to. Not in the spec; the vendor's Java client
 * calls it (vendor notes §1.5, "Endpoints in the Java client but not in the doc").
 */
import type { MyInfoWire } from '../../core/api';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';

export function registerInfoEndpoint(router: Router): void {
  router.api('GET', '/info/me', async ({ res, account }) => {
    sendJson(res, 200, { userId: account.userId } satisfies MyInfoWire);
  });
}
