/**
 * Hover on parameters (`@year` in a query) and variable declarations: the value the name resolves
 * to (block variable, file variable, environment), and whether it fits the compared field.
 */
import { visibleVariables, type VariableDeclaration } from '../../document';
import type { VariableBinding } from '../../query';
import { archiveDay, archiveTimeZone, archiveTimestamp, parameterValueMismatch, parameterValueVariant, timestampDateMeaning } from '../../query';
import type { FieldDef } from '../../schema/types';
import { bindingValueText, scopeLabel } from '../completion/parameterItems';
import type { HoverFound, HoverSite } from './hoverResult';
import { codeBlock, jsonPreview } from './modelMarkdown';

function bindingMarkdown(binding: VariableBinding): string[] {
  const lines = [`**@${binding.name}** — ${scopeLabel(binding)}`, ''];
  switch (binding.value.kind) {
    case 'json':
      lines.push(codeBlock(jsonPreview(binding.value.value)));
      break;
    case 'reference':
      lines.push(`\`${bindingValueText(binding)}\` — taken from an earlier response when the file runs.`);
      break;
    case 'invalid':
      lines.push('The value on its line is not valid JSON (reported there).');
      break;
  }
  return lines;
}

/** `@name` used as a parameter, compared with `field` when known. */
export function parameterHover(site: HoverSite, name: string, span: { start: number; end: number }, field: FieldDef | undefined, inRange: boolean): HoverFound {
  const binding = visibleVariables(site.doc, site.block, site.context.environment).find((b) => b.name === name);
  if (!binding) {
    const where = site.context.environment ? 'in this block, above the first `###`, or in the environment' : 'in this block or above the first `###` (or in the environment)';
    return {
      markdown: [`**@${name}** — not defined`, '', `Declare it ${where}: \`@${name} = value\`.`].join('\n'),
      span,
    };
  }
  const lines = bindingMarkdown(binding);
  const shadowed = visibleVariables(site.doc, site.block, site.context.environment).filter((b) => b.name === name).slice(1);
  if (shadowed.length > 0) lines.push('', `Shadows the ${shadowed.map(scopeLabel).join(' and ')} of the same name.`);
  if (field) {
    lines.push('', `Compared with \`${field.name}\` (${field.type}).`);
    if (binding.value.kind === 'json') {
      const mismatch = parameterValueMismatch(field, binding.value.value, inRange);
      if (mismatch) lines.push('', `⚠ ${mismatch}`);
      const variant = parameterValueVariant(field, binding.value.value);
      if (variant?.kind === 'day') {
        const day = archiveDay(variant.date)!;
        lines.push(
          '',
          `A date on a timestamp: the whole day ${variant.date} in the archive's time zone (${archiveTimeZone}), ${archiveTimestamp(day.startMs)} to ${archiveTimestamp(day.endMs - 1)}.`,
          inRange
            ? 'As a range bound, `[` and `]` include that whole day (an end bound `]` includes the day), `{` and `}` exclude it.'
            : '`=` matches any time that day, `!=` any time outside it.',
        );
      } else if (variant?.kind === 'date-of-timestamp') {
        lines.push('', `A timestamp on a date: ${timestampDateMeaning(variant.timestamp) ?? ''}`);
      } else if (variant?.kind === 'coerced') {
        lines.push('', `The archive converts this value to ${JSON.stringify(variant.canonical)}; send that.`);
      }
    }
  }
  return { markdown: lines.join('\n'), span };
}

/** The `@name` of a declaration line. */
export function declarationHover(site: HoverSite, declaration: VariableDeclaration): HoverFound {
  const isFile = site.block.index < 0;
  const binding: VariableBinding = {
    name: declaration.name,
    scope: isFile ? 'file' : 'block',
    value:
      declaration.value.kind === 'json'
        ? { kind: 'json', value: declaration.value.value }
        : declaration.value.kind === 'reference'
          ? { kind: 'reference', text: site.block.parsed.text.slice(declaration.value.reference.start, declaration.value.reference.end) }
          : { kind: 'invalid' },
  };
  const lines = bindingMarkdown(binding);
  if (declaration.misplaced) lines.push('', '⚠ Declared after the request line: it is ignored. Move it above the request.');
  else lines.push('', isFile ? 'Visible to every request in the file (a block variable of the same name wins).' : 'Visible to this block only.');
  return { markdown: lines.join('\n'), span: declaration.nameSpan };
}
