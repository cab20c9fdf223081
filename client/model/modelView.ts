/**
 * The Noark model as the model picture's webview takes it: every type with the facts its side
 * pane shows. Pure (no vscode), so the chromium test draws exactly what the panel sends.
 */
import type { NoarkModel } from '../../core/schema';
import type { ModelTypeView } from '../webview/modelMessages';

export function modelTypeViews(model: NoarkModel): ModelTypeView[] {
  return model.types.map((t) => {
    // A field is needed on create only where a creation rule names it (Dokumentversjon
    // `referanseDokumentfil`); the service fills or defaults every other one.
    const requiredFields = new Set(t.creationRules.flatMap((r) => (r.kind === 'field' ? [r.field] : [])));
    return {
      name: t.name,
      ...(t.title === undefined ? {} : { title: t.title }),
      abstract: t.abstract,
      supertypes: t.supertypes.filter((s) => model.getType(s)?.abstract === true),
      fields: t.fields.map((f) => ({
        name: f.name,
        type: f.type,
        ...(f.codeList === undefined ? {} : { codeList: f.codeList }),
        queryable: f.queryable,
        requiredOnCreate: requiredFields.has(f.name),
      })),
      references: t.references.map((r) => ({
        name: r.name,
        target: r.target,
        cardinality: r.cardinality,
        direction: r.direction,
        requiredOnCreate: r.requiredOnCreate,
        ...(r.inverse === undefined ? {} : { inverse: r.inverse }),
      })),
    };
  });
}

/** The type a command argument names, matched without regard to case; undefined for anything else. */
export function typeNamed(model: NoarkModel, argument: unknown): string | undefined {
  if (typeof argument !== 'string') return undefined;
  const wanted = argument.trim().toLowerCase();
  return model.types.find((t) => t.name.toLowerCase() === wanted)?.name;
}

/**
 * The type the cursor is on in a line of a `.noarkq` file: the type named by the word under the
 * cursor, else the first type the line names (`QUERY Saksmappe WHERE …` with the cursor anywhere
 * on it); undefined when the line names none.
 */
export function typeOnLine(model: NoarkModel, line: string, character: number): string | undefined {
  const words = [...line.matchAll(/[A-Za-zÆØÅæøå]+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  const under = words.find((w) => w.start <= character && character <= w.end);
  const exact = (word: string): string | undefined => model.getType(word)?.name;
  return (under === undefined ? undefined : exact(under.text)) ?? words.map((w) => exact(w.text)).find((t) => t !== undefined);
}
