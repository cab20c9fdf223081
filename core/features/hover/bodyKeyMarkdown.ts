/** How a key of an HTTP request body reads in hover and completion documentation. */
import { describeBodyType, type BodyKeyShape, type RequestBodyShape } from '../../document';

export function bodyKeyDetail(key: BodyKeyShape): string {
  return `${describeBodyType(key)} · ${key.required ? 'required' : 'optional'}`;
}

export function bodyKeyMarkdown(key: BodyKeyShape, shape: RequestBodyShape): string {
  const parts = [`**${key.name}** · ${bodyKeyDetail(key)}`, key.note];
  if (key.allowedValues) parts.push(`One of ${key.allowedValues.map((v) => `\`${v}\``).join(', ')}.`);
  if (key.maximum !== undefined) parts.push(`At most ${key.maximum}.`);
  parts.push(`_${shape.method} ${shape.endpoint} body · ${key.source === 'spec' ? 'from the spec' : 'from the vendor notes'}_`);
  return parts.join('\n\n');
}
