/**
 * Hover on `{{references}}`: what the name is (a variable and its value, or a block and its
 * request), what the path up to the hovered segment stands for (its response shape, the entity
 * type an id belongs to), and its value in the block's last response when the client has one.
 */
import { describeShape, referencePathText, resolveReference, visibleVariables, type ReferenceOccurrence } from '../../document';
import { valueAt } from '../completion/referenceCompletion';
import { bindingValueText, scopeLabel } from '../completion/parameterItems';
import { contains, type HoverFound, type HoverSite } from './hoverResult';
import { codeBlock, jsonPreview } from './modelMarkdown';

export function referenceHover(site: HoverSite): HoverFound | undefined {
  const ref = site.block.parsed.references.find((r) => contains(r, site.offset));
  if (!ref) return undefined;
  const onName = contains(ref.nameSpan, site.offset);
  const segmentIndex = onName ? -1 : ref.segments.findIndex((s) => contains(s, site.offset));
  // On the braces or a dot: the whole reference.
  const upTo = onName ? -1 : segmentIndex >= 0 ? segmentIndex : ref.segments.length - 1;
  const segments = ref.segments.slice(0, upTo + 1);
  const span = onName ? ref.nameSpan : segmentIndex >= 0 ? ref.segments[segmentIndex] : ref;
  return { markdown: describeReference(site, ref, segments), span };
}

function describeReference(site: HoverSite, ref: ReferenceOccurrence, segments: ReferenceOccurrence['segments']): string {
  const model = site.context.model;
  const resolution = resolveReference(site.doc, site.block, { name: ref.name, segments }, model, site.context.environment);
  const text = `{{${referencePathText({ name: ref.name, segments })}}}`;
  const lines = [`**${text}**`];
  if (resolution.problem) {
    lines.push('', `⚠ ${resolution.problem.message}`);
    return lines.join('\n');
  }
  if (resolution.variableName !== undefined) {
    const binding = visibleVariables(site.doc, site.block, site.context.environment).find((b) => b.name === resolution.variableName);
    if (binding) {
      lines.push('', `${scopeLabel(binding)} \`@${binding.name}\``, '');
      lines.push(binding.value.kind === 'json' ? codeBlock(jsonPreview(binding.value.value)) : `\`${bindingValueText(binding)}\``);
    }
    if (resolution.entityType) lines.push('', `An id of ${resolution.entityType}.`);
    return lines.join('\n');
  }
  const blockName = resolution.blockName;
  if (blockName !== undefined && segments.length === 0) {
    const block = site.doc.blocks.find((b) => b.parsed.name?.text === blockName);
    const request = block?.parsed.request;
    if (block && request) {
      const line = block.parsed.text.slice(request.keyword.start, request.line.end).trim();
      lines.push('', `Block \`${blockName}\`${block.parsed.description ? ` — ${block.parsed.description.text}` : ''}: \`${line.length > 80 ? `${line.slice(0, 79)}…` : line}\``);
    }
  }
  if (resolution.shape) lines.push('', describeShape(resolution.shape, model));
  if (resolution.entityType && !(resolution.shape?.kind === 'value' && resolution.shape.idOf)) lines.push('', `Stands for an entity of ${resolution.entityType}.`);
  if (blockName !== undefined) {
    const response = site.context.responses?.get(blockName);
    if (response) {
      const value = valueAt(response.body, segments);
      const when = new Date(response.receivedAt).toISOString();
      if (value === undefined) lines.push('', `Not in the last response (status ${response.status}, ${when}).`);
      else lines.push('', `Last response (status ${response.status}, ${when}):`, '', codeBlock(jsonPreview(value)));
    } else {
      lines.push('', `_Run block \`${blockName}\` to see its value._`);
    }
  }
  return lines.join('\n');
}
