/**
 * Which blocks must have run before a block can be sent: the blocks its `{{references}}` read,
 * directly or through variables (its own and the file's) in its request and its `EXPECT` lines,
 * in file order.
 */
import { blockNameIndex, usable, type DocumentBlock, type NoarkqDocument, type ReferenceOccurrence } from '../../core/document';
import { queryParameterNames } from '../../core/query';

export function blockDependencies(doc: NoarkqDocument, block: DocumentBlock): DocumentBlock[] {
  const blocks = blockNameIndex(doc);
  const needed = new Set<DocumentBlock>();
  const followed = new Set<string>();
  const declaration = (name: string) =>
    (block.index >= 0 ? usable(block.parsed.variables).find((v) => v.name === name) : undefined) ??
    usable(doc.preamble.parsed.variables).find((v) => v.name === name);

  const followVariable = (name: string): void => {
    if (followed.has(name)) return;
    followed.add(name);
    const value = declaration(name)?.value;
    if (value?.kind === 'reference') followReference(value.reference);
  };
  const followReference = (ref: Pick<ReferenceOccurrence, 'name' | 'segments'>): void => {
    if (ref.segments.length === 0 && declaration(ref.name)) return followVariable(ref.name);
    const target = blocks.get(ref.name);
    if (target && target !== block) needed.add(target);
  };

  // References in variable values count only when the variable is used.
  for (const ref of block.parsed.references) if (ref.context !== 'variable') followReference(ref);
  const request = block.parsed.request;
  if (request?.kind === 'query') for (const name of queryParameterNames(request.query)) followVariable(name);
  // `EXPECT … = @name` reads the variable when the answer comes: what it reads must have run by then.
  for (const e of block.parsed.expectations) if (!e.misplaced && e.check?.test === 'compare' && e.check.value.kind === 'variable') followVariable(e.check.value.name);
  return [...needed].sort((a, b) => a.index - b.index);
}
