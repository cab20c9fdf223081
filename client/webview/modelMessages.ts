/**
 * The messages between the model picture's host (client/model) and its webview. The host
 * validates what the webview sends with `modelWebviewMessage`; the webview imports only the types,
 * which keeps zod out of its bundle.
 */
import { z } from 'zod';

/** A field as the side pane lists it. */
export interface ModelFieldView {
  name: string;
  type: string;
  codeList?: string;
  queryable: boolean;
  requiredOnCreate: boolean;
}

/** A reference as the picture draws it and the side pane lists it. */
export interface ModelReferenceView {
  name: string;
  target: string;
  cardinality: string;
  direction: 'parent' | 'child' | 'peer';
  requiredOnCreate: boolean;
  /** The same link's name seen from the target, where known. */
  inverse?: string;
}

/** One entity type, concrete or abstract: plain data the webview lays out and draws. */
export interface ModelTypeView {
  name: string;
  title?: string;
  abstract: boolean;
  /** Abstract types this type is drawn inside. */
  supertypes: string[];
  fields: ModelFieldView[];
  references: ModelReferenceView[];
}

export type ModelHostMessage =
  /** The whole model; `select` is the type to centre and show, if any. */
  | { type: 'model'; types: ModelTypeView[]; select?: string }
  /** Centre and show another type in a picture already drawn. */
  | { type: 'select'; name: string };

export const modelWebviewMessage = z.discriminatedUnion('type', [
  /** The page is loaded and listening: the host sends the model. */
  z.object({ type: z.literal('ready') }),
  /** The user selected a type: the host shows it again when the page reloads (it does when hidden). */
  z.object({ type: z.literal('selected'), name: z.string() }),
]);

export type ModelWebviewMessage = z.infer<typeof modelWebviewMessage>;
