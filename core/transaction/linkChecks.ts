/**
 * Checks that need the whole transaction but look at one action at a time: temporary ids used
 * before (or without) their save, and each link/unlink against the reference it names —
 * direction (rule 3), target type, cardinality, unlinking a lifeline (rule 5), moves (rule 6).
 */
import type { NoarkqDiagnostic } from '../diagnostics';
import type { NoarkModel, ReferenceDef } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import type { ActionSyntax } from './actionReader';
import { actionJson, replaceNodeEdit, spanOf } from './jsonNodes';
import { fieldOf, isAssignable, isLifeline, isToOne, referenceNamesOf, referenceOf } from './modelIndex';
import { TxCodes } from './transactionCodes';
import type { TransactionCheckContext } from './transactionContext';
import { entityKey, firstSaveOfExisting, linkGroups, linksOf, type TransactionGraph } from './transactionGraph';
import type { IdSyntax } from './transactionIds';

export function checkIdsAndLinks(graph: TransactionGraph, context: TransactionCheckContext, out: NoarkqDiagnostic[]): void {
  const actions = graph.actions;
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i];
    if (action.id && action.id.kind === 'temp' && action.verb && action.verb !== 'save') checkTempUse(action, action.id, graph, out, true);
    const targets = action.targets;
    for (let t = 0; t < targets.length; t++) if (targets[t].kind === 'temp') checkTempUse(action, targets[t], graph, out, false);
    if (action.verb === 'delete' && action.verbNode) {
      out.push({
        code: TxCodes.deleteNeedsPermission,
        severity: 'warning',
        ...spanOf(action.verbNode),
        message: 'delete needs special permission; without it the whole transaction fails and is rolled back.',
      });
    }
    if ((action.verb === 'link' || action.verb === 'unlink') && action.type && action.ref) {
      const ref = resolveReference(action, out);
      if (!ref) continue;
      if (action.verb === 'link') checkLink(action, ref, graph, context, out);
      else checkUnlink(action, ref, graph, out);
    }
  }
  checkLinkedTwice(graph, out);
}

/** A temporary id must name an entity that an earlier action saves. */
function checkTempUse(action: ActionSyntax, id: IdSyntax, graph: TransactionGraph, out: NoarkqDiagnostic[], isOwnId: boolean): void {
  const entity = id.entity;
  if (!entity) {
    graph.suggestionBudget -= graph.newEntities.size;
    const suggestion = graph.suggestionBudget >= 0 ? didYouMean(id.text, graph.newEntities.keys()) : undefined;
    out.push({
      code: TxCodes.tempIdNeverSaved,
      severity: 'error',
      ...spanOf(id.node),
      message: `"${id.text}" is a temporary id (not numeric), but no save in this transaction creates it: save the entity first, or use the numeric id of an existing one.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(id.node, JSON.stringify(suggestion))] }] : undefined,
    });
    return;
  }
  if (entity.firstSave.index > action.index) {
    out.push({
      code: TxCodes.tempIdUsedBeforeSave,
      severity: 'error',
      ...spanOf(id.node),
      message: `"${id.text}" is used here, but created only by action ${entity.firstSave.index + 1}: actions run in order, so move its save above this ${action.verb}.`,
      related: [{ ...spanOf(entity.firstSave.id!.node), message: `"${id.text}" is saved here` }],
    });
  }
  if (isOwnId && action.type && entity.typeName !== undefined && entity.type && action.typeNode && action.typeName !== entity.typeName) {
    out.push({
      code: TxCodes.tempIdTypeMismatch,
      severity: 'error',
      ...spanOf(action.typeNode),
      message: `"${id.text}" was saved as a ${entity.typeName}, not a ${action.typeName}: use "type": "${entity.typeName}".`,
      fixes: [{ title: `Change to "${entity.typeName}"`, preferred: true, edits: [replaceNodeEdit(action.typeNode, JSON.stringify(entity.typeName))] }],
      related: [{ ...spanOf(entity.firstSave.id!.node), message: `"${id.text}" is saved here as ${entity.typeName}` }],
    });
  }
}

function resolveReference(action: ActionSyntax, out: NoarkqDiagnostic[]): ReferenceDef | undefined {
  const type = action.type!;
  const refSyntax = action.ref!;
  const ref = referenceOf(type, refSyntax.name);
  if (ref) return ref;
  const isField = fieldOf(type, refSyntax.name) !== undefined;
  const suggestion = didYouMean(refSyntax.name, referenceNamesOf(type));
  out.push({
    code: TxCodes.unknownReference,
    severity: 'error',
    ...spanOf(refSyntax.node),
    message: isField
      ? `\`${refSyntax.name}\` is a field of ${type.name}, not a reference: set it with a save.`
      : `${type.name} has no reference \`${refSyntax.name}\`.${suggestion ? ` Did you mean \`${suggestion}\`?` : ''}`,
    fixes: suggestion && !isField ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(refSyntax.node, JSON.stringify(suggestion))] }] : undefined,
  });
  return undefined;
}

/** The entity type an id stands for, where the transaction or the context tells. */
function typeOfId(id: IdSyntax, context: TransactionCheckContext): string | undefined {
  if (id.kind === 'temp') return id.entity?.typeName;
  if (id.kind === 'runtime' && id.reference !== undefined) return context.referenceType?.(id.reference);
  return undefined;
}

/** Whether one of `actions` comes before action number `index`. (A loop, not `some` with a
 * closure: a closure over a caller's variable costs the caller a context on every call.) */
function anyBefore(actions: readonly ActionSyntax[] | undefined, index: number): boolean {
  if (actions) for (let i = 0; i < actions.length; i++) if (actions[i].index < index) return true;
  return false;
}

/** Whether an entity of `actual` (possibly abstract: a query over AbstraktMappe) can be a `target`. */
function fits(model: NoarkModel, actual: string, target: string): boolean {
  if (!model.getType(actual) || !model.getType(target)) return true;
  if (isAssignable(model, actual, target)) return true;
  return model.concreteTypes(actual).some((c) => model.isAssignable(c, target));
}

function checkLink(action: ActionSyntax, ref: ReferenceDef, graph: TransactionGraph, context: TransactionCheckContext, out: NoarkqDiagnostic[]): void {
  const model = context.model;
  const type = action.type!;
  const refNode = action.ref!.node;
  if (!ref.linkable) {
    out.push({
      code: TxCodes.refNotLinkable,
      severity: 'error',
      ...spanOf(refNode),
      message: `${type.name}.${ref.name} cannot be set with a link action${ref.inverse ? `; link from the ${ref.target} side with \`${ref.inverse}\` instead` : ''}.`,
    });
  } else if (ref.direction === 'child' && !ref.specLinkSide) out.push(wrongDirection(action, ref, context));
  if (action.targets.length > 1 && isToOne(ref) && action.targetsNode) {
    out.push({
      code: TxCodes.multipleLinkTargets,
      severity: 'error',
      ...spanOf(action.targetsNode),
      message: `${type.name}.${ref.name} holds one ${ref.target} (cardinality ${ref.cardinality}): link to a single id.`,
    });
  }
  for (let t = 0; t < action.targets.length; t++) {
    const target = action.targets[t];
    const actual = typeOfId(target, context);
    if (actual === undefined || fits(model, actual, ref.target)) continue;
    out.push({
      code: TxCodes.linkTargetTypeMismatch,
      severity: 'error',
      ...spanOf(target.node),
      message: `${type.name}.${ref.name} links to a ${ref.target}, but "${target.text}" is a ${actual}.`,
    });
  }
  const id = action.id;
  if (id && (id.kind === 'existing' || id.kind === 'runtime') && isLifeline(ref) && action.typeName !== undefined) {
    const key = entityKey(action.typeName, id.text, ref.name);
    if (!anyBefore(graph.unlinksByKey.get(key), action.index)) {
      const save = firstSaveOfExisting(graph, action.typeName, id.text);
      const savedHere = save !== undefined && save.index < action.index;
      out.push({
        code: TxCodes.relinkExisting,
        severity: 'warning',
        ...spanOf(refNode),
        message: `An existing ${type.name} always has its ${ref.name} already. To move it, unlink the current one first, in this transaction (rule 6).${savedHere && id.kind === 'existing' ? ` If "${id.text}" is meant to be a new entity, give it a non-numeric temporary id (rule 7): a numeric id updates the existing entity ${id.text}.` : ''}`,
      });
    }
  }
}

/** A link made from the parent side: say which link to make instead, and make it when the
 * types on the other side are known (a fix for every target, or none). */
function wrongDirection(action: ActionSyntax, ref: ReferenceDef, context: TransactionCheckContext): NoarkqDiagnostic {
  const model = context.model;
  const type = action.type!;
  const inverse = ref.inverse;
  let replacement: string | undefined;
  if (inverse && action.id && action.targets.length > 0) {
    const parts: string[] = [];
    for (const target of action.targets) {
      const targetType = typeOfId(target, context) ?? ref.target;
      const targetDef = model.getType(targetType);
      const inverseRef = targetDef && !targetDef.abstract ? referenceOf(targetDef, inverse) : undefined;
      if (!inverseRef || !inverseRef.linkable) {
        parts.length = 0;
        break;
      }
      parts.push(actionJson({ action: 'link', type: targetType, id: target.text, ref: inverse, linkToId: action.id.text }));
    }
    if (parts.length > 0) replacement = parts.join(',\n');
  }
  // The archive accepts the parent side's name of the same relation (the vendor's clients link
  // this way); rule 3 shows the child side, so that is the form to send.
  return {
    code: TxCodes.linkWrongDirection,
    severity: 'warning',
    ...spanOf(action.ref!.node),
    message: `${type.name}.${ref.name} links from the parent side; the archive accepts it, but rule 3 makes links from the child toward the parent.${inverse ? ` Link the ${ref.target} instead: { "action": "link", "type": "${childTypeName(model, ref.target)}", "id": <its id>, "ref": "${inverse}", "linkToId": "${action.id?.text ?? `<${type.name} id>`}" }.` : ''}`,
    fixes: replacement ? [{ title: `Link from the child side: ${ref.target} \`${inverse}\``, preferred: true, edits: [replaceNodeEdit(action.node, replacement)] }] : undefined,
  };
}

/** What to write in `"type"` for a reference target: an abstract target names its concrete kinds. */
function childTypeName(model: TransactionCheckContext['model'], target: string): string {
  const def = model.getType(target);
  return def?.abstract ? def.subtypes.join(' | ') : target;
}

function checkUnlink(action: ActionSyntax, ref: ReferenceDef, graph: TransactionGraph, out: NoarkqDiagnostic[]): void {
  const type = action.type!;
  const refNode = action.ref!.node;
  if (!ref.unlinkable) {
    out.push({
      code: TxCodes.refNotUnlinkable,
      severity: 'error',
      ...spanOf(refNode),
      message: `${type.name}.${ref.name} cannot be removed with an unlink action.`,
    });
  }
  if (action.targets.length > 1 && isToOne(ref) && action.targetsNode) {
    out.push({
      code: TxCodes.multipleLinkTargets,
      severity: 'error',
      ...spanOf(action.targetsNode),
      message: `${type.name}.${ref.name} holds one ${ref.target} (cardinality ${ref.cardinality}): unlink a single id.`,
    });
  }
  if (!isLifeline(ref) || !action.id || action.typeName === undefined) return;
  const links = linksOf(graph, action.typeName, action.id, ref.name);
  const relink = links.find((l) => l.index > action.index);
  if (relink) {
    out.push({
      code: TxCodes.moveNeedsPermission,
      severity: 'information',
      ...spanOf(refNode),
      message: `This unlink and the link of action ${relink.index + 1} move the ${type.name} to another ${ref.target} (rule 6); whether this kind of entity can be moved depends on the account's permissions.`,
      related: [{ ...spanOf(relink.ref!.node), message: 'the new link' }],
    });
    return;
  }
  const earlier = links.find((l) => l.index < action.index);
  out.push({
    code: TxCodes.unlinkRequiredParent,
    severity: 'error',
    ...spanOf(refNode),
    message: earlier
      ? `A ${type.name} cannot exist without its ${ref.name} (rule 5), and the link of action ${earlier.index + 1} comes before this unlink: a move is unlink first, then link (rule 6). Move this unlink above it.`
      : `A ${type.name} cannot exist without its ${ref.name} (rule 5). To move it, link it to its new ${ref.target} after this unlink, in the same transaction (rule 6).`,
    related: earlier ? [{ ...spanOf(earlier.ref!.node), message: 'the link that should follow the unlink' }] : undefined,
  });
}

/** A to-one reference of one entity linked twice with no unlink between the two links. */
function checkLinkedTwice(graph: TransactionGraph, out: NoarkqDiagnostic[]): void {
  for (const [key, links] of linkGroups(graph)) {
    const first = links[0];
    const ref = first.type && first.ref ? referenceOf(first.type, first.ref.name) : undefined;
    if (!ref || !isToOne(ref)) continue;
    const unlinks = graph.unlinksByKey.get(key) ?? [];
    for (let i = 1; i < links.length; i++) {
      const prev = links[i - 1];
      const cur = links[i];
      if (unlinks.some((u) => u.index > prev.index && u.index < cur.index)) continue;
      const same = prev.targets.length === 1 && cur.targets.length === 1 && prev.targets[0].text === cur.targets[0].text;
      out.push({
        code: TxCodes.linkedTwice,
        severity: 'error',
        ...spanOf(cur.ref!.node),
        message: same
          ? `${first.typeName} "${cur.id!.text}" is already linked through ${ref.name} to "${cur.targets[0].text}" by action ${prev.index + 1}: remove this duplicate link.`
          : `${first.typeName}.${ref.name} holds one ${ref.target}${ref.owner ? ' (its owner)' : ''}, and "${cur.id!.text}" is already linked through it by action ${prev.index + 1}: keep one of the two links.`,
        related: [{ ...spanOf(prev.ref!.node), message: 'the first link' }],
      });
    }
  }
}
