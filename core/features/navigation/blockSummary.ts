/** One-line descriptions of a block and its parts, for the outline and other lists of blocks. */
import type { DocumentBlock, RequestSyntax } from '../../document';
import { readActionViews, type ActionView } from './transactionActions';

/** `QUERY Saksmappe`, `TRANSACTION (4 actions)`, `UPLOAD ./files/a.pdf`, `GET code-lists`. */
export function requestSummary(request: RequestSyntax | undefined): string {
  if (!request) return 'no request';
  switch (request.kind) {
    case 'query':
      return request.query.type ? `QUERY ${request.query.type.name}` : 'QUERY';
    case 'transaction': {
      const count = readActionViews(request.body?.tree).length;
      return `TRANSACTION (${count} action${count === 1 ? '' : 's'})`;
    }
    case 'upload':
      return request.path ? `UPLOAD ${request.path.text}` : 'UPLOAD';
    case 'download':
      return request.id ? `DOWNLOAD ${request.id.text}` : 'DOWNLOAD';
    case 'http':
      return request.target ? `${request.method} ${request.target.text}` : request.method;
    case 'unknown':
      return request.keyword.text;
  }
}

/** What the outline calls a block: its name, or `#N QUERY` (N counts blocks from 1; the request
 * above the first `###` is `#0`). */
export function blockLabel(block: DocumentBlock): string {
  if (block.parsed.name) return block.parsed.name.text;
  const keyword = block.parsed.request?.kind === 'http' ? block.parsed.request.method : (block.parsed.request?.keyword.text.toUpperCase() ?? 'block');
  return `#${block.index + 1} ${keyword}`;
}

/** `save Journalpost jp`, `link Journalpost jp refMappe`. */
export function actionSummary(action: ActionView): string {
  const parts = [action.verb ?? 'action'];
  if (action.type && typeof action.type.value === 'string') parts.push(action.type.value);
  const id = action.ids.find((i) => i.property === 'id');
  if (id && typeof id.node.value === 'string') parts.push(id.node.value);
  if (action.ref && typeof action.ref.value === 'string') parts.push(action.ref.value);
  return parts.join(' ');
}
