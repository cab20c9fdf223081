/**
 * `POST /transaction`: the core transaction checks first (the same ones the editor shows; their
 * errors are 400 naming the action), then the actions, in one SQL transaction. The checks run
 * inside it, against the code lists and the BSM registry as that transaction reads them: a change
 * to either runs alone, so none can commit between the check and the commit (registryCache.ts).
 */
import type { TransactionResponseWire } from '../../core/api';
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { checkTransaction, TxCodes, type BsmGroup } from '../../core/transaction';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import type { SqlSession } from '../store/database';
import { plainTransactionActions } from '../store/plainTransactionBody';
import { ActionError, readAhead, TransactionRun, type TxAction } from '../store/transactionExecutor';
import { transactionBodySchema } from './requestSchemas';

function actionNodes(root: JsonNode | undefined): JsonNode[] {
  const actions = root?.type === 'object' ? root.children?.find((p) => p.children?.[0]?.value === 'actions')?.children?.[1] : undefined;
  return actions?.type === 'array' ? (actions.children ?? []) : [];
}

/** How a refusal reads: what was not done, and what to call the action at an index. */
export interface CheckWording {
  lead: string;
  action(index: number): string;
}

const transactionWording: CheckWording = { lead: 'The transaction was not run', action: (index) => `actions[${index}]` };

/** The core transaction checks over a transaction's JSON text, against the registries as `tx`
 * (the transaction that then runs it) reads them; their errors are a 400. Gives back the BSM
 * registry it checked against, which the run stores BSM values with. */
export async function checkWithCore(text: string, services: SandboxServices, tx: SqlSession, wording: CheckWording = transactionWording): Promise<readonly BsmGroup[] | undefined> {
  const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  const bsmRegistry = await services.bsmRegistry(tx);
  const diagnostics = checkTransaction(root, {
    model: services.model,
    codeLists: await services.codeLists.get(tx),
    bsmRegistry,
  });
  // The editor only warns about a code outside a code list (it may hold a stale copy); the
  // archive holds the live lists, so here it is an error.
  const errors = diagnostics.filter((d) => d.severity === 'error' || d.code === TxCodes.unknownCode);
  if (errors.length === 0) return bsmRegistry;
  const nodes = actionNodes(root);
  const messages = errors.slice(0, 5).map((d) => {
    const index = nodes.findIndex((n) => d.start >= n.offset && d.start < n.offset + n.length);
    return index >= 0 ? `${wording.action(index)}: ${d.message}` : d.message;
  });
  const more = errors.length > 5 ? ` (and ${errors.length - 5} more problems)` : '';
  throw new ServiceError(400, `${wording.lead}: ${messages.join(' ')}${more}`);
}

function describe(action: TxAction | undefined, index: number): string {
  return action ? `actions[${index}] (${action.action} ${action.type} "${action.id}")` : `actions[${index}]`;
}

export function registerTransactionEndpoint(router: Router, services: SandboxServices): void {
  router.api('POST', '/transaction', async ({ req, res, account, confirmToken }) => {
    const { value, text } = await readJsonBody(req, services.limits.maxBodyBytes);
    let actions: readonly TxAction[] = [];
    let saved;
    try {
      saved = await services.db.transaction(async (tx) => {
        const plain = plainTransactionActions(value);
        // Asked for before the checks read the registries: on a server it goes out with the BEGIN.
        const ahead = plain && readAhead(tx, services.model, plain);
        // Before the checks (a refused token is a 401, not a 400) and before anything is written;
        // its read of the version rows goes out with the BEGIN too.
        await confirmToken(tx);
        const bsmRegistry = await checkWithCore(text, services, tx);
        actions = plain ?? validateBody(transactionBodySchema, value, 'transaction').actions;
        return new TransactionRun(tx, { model: services.model, files: services.files, now: services.now, timeZone: services.timeZone, bsmRegistry }, account, { ahead, endsTransaction: true }).run(actions);
      });
    } catch (error) {
      if (error instanceof ActionError) {
        const where = error.index === undefined ? 'The transaction' : describe(actions[error.index], error.index);
        throw new ServiceError(error.status, `${where} failed, nothing was changed: ${error.message}`);
      }
      throw error;
    }
    sendJson(res, 200, { saved } satisfies TransactionResponseWire);
  }, { confirmsToken: true });
}
