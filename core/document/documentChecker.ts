/**
 * Checks a parsed `.noarkq` document: block names, then every block (variables, `{{references}}`
 * and their paths, request shapes, HTTP endpoints, QUERYs through the query checker, transactions
 * through the transaction checker). Returns the document's syntax diagnostics too, so this is
 * everything wrong with the file, in document offsets. Each block is checked on its own: a
 * failure in one never hides the others' diagnostics.
 *
 * `createDocumentChecker` keeps each block's result between checks, keyed by the block's parse
 * and by what else the result depends on (see `dependencyKey`), so an edit re-checks only the
 * blocks it touches and the blocks that read them, and keeps each block's diagnostics in order
 * so that an edit places only those it is asked for. `checkDocument` is the same checker, fresh
 * (which sorts the whole list instead).
 */
import { runSteps } from '../steps';
import { placeDiagnostic, shareMessages, shiftDiagnostic, type NoarkqDiagnostic, type Severity, type Span } from '../diagnostics';
import { checkBlock, type BlockCheckScope, type DocumentCheckOptions } from './blockChecks';
import { DocumentCodes } from './documentCodes';
import type { BlockReader, DocumentBlock, NoarkqDocument, ParsedBlock, VariableDeclaration, VariableValueSyntax } from './documentModel';
import { blockCount, blockOf } from './documentNavigation';
import type { NoarkModel } from '../schema/types';
import { answerFingerprint } from './blockResponses';
import { askDeclaration, usableNamed, type RecordingDeclaration } from './variableScope';
import { canSuggest, nearNames, suggestionDistance, type CandidateWalk, type NearName } from '../text/didYouMean';
import { keptParses } from './documentParser';

export type { DocumentCheckOptions } from './blockChecks';

/**
 * A check's diagnostics in document order (the order `check` gives them), each placed in the
 * document as it is read: reading the first thousand of a file's hundred thousand costs about
 * those thousand, so an editor shown a capped list pays for what it is shown. Read it before the
 * checker's next check, which updates the blocks it reads in place. A diagnostic of a block that
 * neither changed nor moved (nor did what it points at) is the object the previous check's
 * reading gave.
 */
export interface CheckedDiagnostics extends Iterable<NoarkqDiagnostic> {
  readonly length: number;
  /** How many there are of each severity. */
  readonly severities: Readonly<Record<Severity, number>>;
  /**
   * For a diagnostic given by this check, the one the previous check gave for the same finding
   * when it was only placed again (its block, the first block of its name or a file variable it
   * points at moved): the same words at other offsets, which a reader can compare with what it
   * made of that one (`convertsTo`) rather than make anew. Undefined for any other.
   */
  movedFrom?(d: NoarkqDiagnostic): NoarkqDiagnostic | undefined;
  /**
   * The same diagnostics a block at a time, in the same order, each block's placed in the document
   * only when its `items` are asked for: a reader that kept what it made of a block's run (an LSP
   * list) can give it again for a block that only moved, without the run being placed again.
   */
  runs?(): Iterable<DiagnosticRun>;
}

/** One block's diagnostics in a check (see `CheckedDiagnostics.runs`). */
export interface DiagnosticRun {
  /**
   * What the block says, wherever it is: the same object while its parse, its result and whether
   * its name is taken stay the same. Its items are then the same at the same offsets from `start`,
   * but for the related location of a taken name (at `firstAt`) and the spans in the file
   * variables (at the same offsets from `anchorStarts`).
   */
  readonly said: object;
  /** The block's start. */
  readonly start: number;
  /** The start of the name of the first block of this block's name when the name is taken, else -1. */
  readonly firstAt: number;
  /** Where the file variables its spans in the preamble are placed from start, in this version
   * (none for a run without such spans): those spans move with them. */
  anchorStarts(): readonly number[];
  /** The items' severities, in order, known without placing them. */
  readonly severities: readonly Severity[];
  /** The items placed in the document (placed on the first call; each call gives the same). */
  items(): readonly NoarkqDiagnostic[];
}

export interface DocumentChecker {
  /** Everything wrong with `doc`, in document offsets; the same as `checkDocument` gives. */
  check(doc: NoarkqDocument): NoarkqDiagnostic[];
  /** `checkSteps`, with the result read as it is needed instead of made whole. */
  checkedSteps(doc: NoarkqDocument): Generator<void, CheckedDiagnostics, void>;
  /**
   * The same check in steps: the generator yields after each block, so a caller can spread a
   * big check over several turns of its event loop, and returns what `check` would. Stopped
   * early (`return()`), it keeps the blocks it checked: the next check re-derives every key but
   * checks again only the blocks whose key or parse changed.
   */
  checkSteps(doc: NoarkqDocument): Generator<void, NoarkqDiagnostic[], void>;
  /** What the last `check` did: blocks (the preamble counts as one) checked anew, and kept. */
  readonly lastCheck: { checkedBlocks: number; reusedBlocks: number };
}

export function checkDocument(doc: NoarkqDocument, options: DocumentCheckOptions): NoarkqDiagnostic[] {
  return createChecker(options, 'sort').check(doc);
}

interface CachedBlock {
  key: string;
  /** Block-relative, as `checkBlock` gave them, and kept only so: they are placed in the
   * document as they are read (a file full of errors has hundreds of thousands). */
  diagnostics: readonly NoarkqDiagnostic[];
  /** The block's start when they were computed: spans before the block (file variables, at
   * negative block-relative offsets) stay where they were then, since the key holds them. */
  computedAt: number;
  /** What the check read of the file variables besides their names (which the key holds). */
  fileReads: readonly FileRead[];
  /** The preamble's parse, when the check read more of the preamble than its variables. */
  wholePreamble: ParsedBlock | undefined;
}

/** One part of a file variable that a block's check read: `read` gives it from a declaration,
 * and what it gives from `declaration` is what the check saw (compared as JSON, and only when the
 * declaration is another: a parse's declarations never change; see `readText`). A span is read
 * relative to its declaration's start (an `anchoredReads` function): a file variable that only
 * moved (an edit above it in the preamble) reads the same, and the result is moved with it. */
interface FileRead {
  /** The declaration's position among the preamble's variables (the key's names fix it). */
  index: number;
  declaration: VariableDeclaration;
  read: ReadPart;
}

type ReadPart = (v: VariableDeclaration) => unknown;

/** The slots whose result read file variables, by the variable's position among them and the
 * part read, with the declaration at that position when the last check ended: every slot reads
 * from it what it read from its own (a check leaves no slot whose reads do not hold). When the
 * file variables change, the parts that read otherwise from the new declarations are found once
 * each, not once per slot, and a slot checked again that reads the same parts stays where it is. */
type FileReadIndex = Map<number, { declaration: VariableDeclaration; parts: Map<ReadPart, Set<Slot>> }>;

/** One of a slot's diagnostics, block-relative: a syntax diagnostic of its parse, the duplicate
 * name (made when placed: it points at the first block of the name, wherever that is then), or
 * one of its check's. */
interface RunItem {
  kind: 'syntax' | 'name' | 'check';
  d: NoarkqDiagnostic;
}

/**
 * A slot's diagnostics in the order the document's sort puts them: by start and end, syntax
 * before the name before the check among equals (the order the whole list is sorted from).
 * Made again only when the slot's parse, result or duplicate name changed: moving the block
 * moves them all alike.
 */
interface Run {
  parsed: ParsedBlock;
  entry: CachedBlock;
  duplicate: boolean;
  items: readonly RunItem[];
  /** Whether a check diagnostic of the run has a span in the preamble (at a file variable), which
   * is placed where that variable is now: only such a run is placed again when the file variables
   * change. */
  inPreamble: boolean;
  /** The indexes of the file variables the spans in the preamble of its items and their related
   * locations are placed from. */
  anchors: readonly number[];
  severities: readonly Severity[];
  /** The items as last placed: the same objects while the block, the first block of a duplicate
   * name and (for a run `inPreamble`) the file variables stay where they are, so that what a reader
   * made of them (an LSP diagnostic) can be kept (see `CheckedDiagnostics`). */
  placed?: { start: number; variables: readonly VariableDeclaration[]; firstAt: number; items: readonly NoarkqDiagnostic[] };
}

/** One block (or the preamble) of the last checked document: its result, and what its key read,
 * which decides whether an edit elsewhere can have changed the key. */
interface Slot {
  parsed: ParsedBlock;
  entry: CachedBlock;
  /** The names whose block the key looked up. */
  reads: readonly string[];
  /** Names the block's references use that name nothing: their did-you-mean depends on the
   * other block names. */
  unresolved: readonly string[];
  /** The key holds the distance to a later block. */
  forward: boolean;
  /** The suggestions tag its key holds ('' when none; see `dependencyKey`). */
  suggestions: string;
  run?: Run;
  /** Set by `positionsOf` on the slots it looks for. */
  mark: number;
}

/** The slots' syntax and check diagnostics, counted as slots come and go, so that a check knows
 * how many of each severity it has without looking at every block. */
interface Tally {
  severities: Record<Severity, number>;
  /** Slots with a diagnostic outside their block (see `orderedRuns`). */
  strays: Set<Slot>;
}

/** What the last check saw. `slots[0]` is the preamble, `slots[i + 1]` is `doc.blocks[i]`. */
interface CheckState {
  doc: NoarkqDocument;
  slots: Slot[];
  /** The index of the first block of each name. */
  names: FirstBlocks;
  /** How many blocks have a name an earlier block has. */
  duplicates: number;
  /** How many blocks have each name that more than one block has. */
  repeated: Map<string, number>;
  /** The file variables' names (see `fileVariableNamesKey`): while they are the same, the
   * check goes on from this state. */
  preambleKey: string;
  /** The file variables whole (see `fileVariablesKey`). */
  fileVariables: string;
  /** The slots whose check read more of the file variables than their names, by what they read. */
  fileReaders: FileReadIndex;
  /** The slots whose check read the preamble beyond its variables. */
  preambleReaders: Set<Slot>;
  preambleReferenceNames: string;
  /** The slots by what their key read, so an edit finds the keys it can change without
   * looking at every block. */
  readers: Map<string, Set<Slot>>;
  /** The slots by their block's text: a block of the same text and key as another gets its
   * result (a pasted copy, a file of copies). */
  byText: TextIndex;
  /** The slots with names that name nothing. */
  unresolved: Set<Slot>;
  forward: Set<Slot>;
  tally: Tally;
  result: CheckedDiagnostics;
  /** Left by a check stopped half way: only its slots' results are of use (looked up by parse
   * and key), the rest describes no document. */
  interrupted?: true;
}

const noNames: readonly string[] = [];

/**
 * A checker for one document over its edits. The options (model, environment, code lists, BSM)
 * are fixed for its lifetime: when they change, make a new one.
 *
 * Between two checks it finds the stretch of blocks whose parse changed (the blocks before and
 * after it are the same parses, the ones after moved), checks those blocks, and re-derives the
 * key only of the other blocks the change can concern: those that read a name the stretch had or
 * has, those whose key holds every name or their index when names or indexes changed, and those
 * that read a later block across the stretch. A changed file variable (or the first check)
 * derives every key.
 */
export function createDocumentChecker(options: DocumentCheckOptions): DocumentChecker {
  return createChecker(options, 'runs');
}

/**
 * How a check orders its diagnostics: `runs` reads each block's own run in block order (see
 * `orderedRuns`), `sort` makes every diagnostic and sorts them all. Both give the same order; a
 * fresh check (`checkDocument`) sorts, which is what the tests hold the incremental checker's
 * runs to.
 */
type Assembly = 'runs' | 'sort';

function createChecker(options: DocumentCheckOptions, assembly: Assembly): DocumentChecker {
  const environmentNames = new Set(Object.keys(options.environment ?? {}));
  const printIds = new Map<string, number>();
  const lastCheck = { checkedBlocks: 0, reusedBlocks: 0 };
  let state: CheckState | undefined;
  let suggestionsTags = 0;
  /** What the block being checked reads of the file variables (one block is checked at a time). */
  const reads: Reads = { list: [], serial: 0, whole: false };
  const newSuggestionsTag = (): string => String(++suggestionsTags);

  function check(doc: NoarkqDocument): NoarkqDiagnostic[] {
    return runSteps(checkSteps(doc));
  }

  function* checkSteps(doc: NoarkqDocument): Generator<void, NoarkqDiagnostic[], void> {
    return [...(yield* checkedSteps(doc))];
  }

  function* checkedSteps(doc: NoarkqDocument): Generator<void, CheckedDiagnostics, void> {
    lastCheck.checkedBlocks = 0;
    lastCheck.reusedBlocks = 0;
    if (state !== undefined && state.interrupted === undefined && state.doc === doc) {
      lastCheck.reusedBlocks = blockCount(doc) + 1;
      return state.result;
    }
    const progress: Progress = { doc, kept: state?.slots ?? [], checked: [] };
    let ended = false;
    try {
      const result = yield* checkChanged(doc, progress);
      ended = true;
      return result;
    } catch (error) {
      // The state is updated in place; after a bug half way, start over on the next check.
      ended = true;
      state = undefined;
      throw error;
    } finally {
      // Stopped between two steps: every slot holds a result that matches its key, whatever
      // the check had done to the others, so they are kept for the next check to look up.
      if (!ended) state = interruptedState(progress);
    }
  }

  function* checkChanged(doc: NoarkqDocument, progress: Progress): Generator<void, CheckedDiagnostics, void> {
    const count = blockCount(doc) + 1;
    const preambleKey = fileVariablesKey(doc.preamble.parsed);
    const fileNamesKey = fileVariableNamesKey(doc.preamble.parsed);
    const preambleReferenceNames = referenceNamesInVariables(doc.preamble.parsed);
    const joinedReferenceNames = preambleReferenceNames.join('\n');
    const previous = state !== undefined && state.interrupted === undefined && state.preambleKey === fileNamesKey && state.preambleReferenceNames === joinedReferenceNames ? state : undefined;

    // The changed stretch: [same, changedEnd) now, [same, oldChangedEnd) before. Without a
    // previous state everything is changed, and the old results are only looked up by parse.
    let same = 0;
    let sameAfter = 0;
    const oldSlots: readonly Slot[] = previous?.slots ?? state?.slots ?? [];
    const oldCount = oldSlots.length;
    if (previous !== undefined) {
      const limit = Math.min(count, oldCount);
      // The parse knows which of its parses it kept from the previous one: the comparisons
      // start past those, instead of going over every block of a big file for each edit.
      const kept = keptParses(doc, previous.doc);
      if (kept !== undefined) {
        same = Math.min(kept.before, limit);
        sameAfter = Math.min(kept.after, limit - same);
      }
      while (same < limit && parsedAt(doc, same) === oldSlots[same].parsed) same++;
      while (sameAfter < limit - same && parsedAt(doc, count - 1 - sameAfter) === oldSlots[oldCount - 1 - sameAfter].parsed) sameAfter++;
    }
    const changedEnd = count - sameAfter;
    const oldChangedEnd = oldCount - sameAfter;

    // Block names: the same index unless the stretch changed a name or the number of blocks.
    // The names the stretch had or has are the ones whose block (or its answer) may differ.
    const affected = new Set<string>();
    /** The first block of each affected name before this check (the index is updated in place). */
    const wasFirst = new Map<string, number | undefined>();
    let namesChanged = true;
    let index: NameIndex | undefined;
    if (previous !== undefined) {
      const oldNames: NamedAt[] = [];
      const newNames: NamedAt[] = [];
      for (let i = Math.max(1, same); i < oldChangedEnd; i++) pushName(oldNames, blockOf(previous.doc, i - 1).parsed, i);
      for (let i = Math.max(1, same); i < changedEnd; i++) pushName(newNames, blockOf(doc, i - 1).parsed, i);
      for (const n of oldNames) affected.add(n.name);
      for (const n of newNames) affected.add(n.name);
      for (const n of affected) wasFirst.set(n, previous.names.get(n));
      // The index maps a name to its block's position: a name that moved within the stretch
      // changes it as much as a new name does.
      namesChanged = oldNames.length !== newNames.length || oldNames.some((n, i) => n.name !== newNames[i]!.name || n.at !== newNames[i]!.at);
      if (!namesChanged && count === oldCount) index = previous;
      // The names outside the stretch are the same, at positions moved by the change in the
      // number of blocks: only the names in it are looked up again.
      else if (affected.size <= 1024) index = updatedIndex(previous, doc, affected, { same, oldEnd: oldChangedEnd, newEnd: changedEnd }, oldNames, newNames);
    }
    const { names, duplicates, repeated } = index ?? nameIndex(doc);
    // The affected names whose first block is another now, or is in the stretch: a block that
    // reads a name whose first block is the same block, outside the stretch, reads the same of it
    // (where it is relative to the reader changes only across the stretch, which `forward` covers).
    const retargeted = new Set<string>();
    for (const name of affected) {
      const was = wasFirst.get(name);
      const now = names.get(name);
      if (was === undefined && now === undefined) continue;
      const kept =
        was !== undefined &&
        now !== undefined &&
        (was < same - 1 ? now === was : was >= oldChangedEnd - 1 && now === was + changedEnd - oldChangedEnd) &&
        blockOf(previous!.doc, was).parsed === blockOf(doc, now).parsed;
      if (!kept) retargeted.add(name);
    }
    const blockNamed = (name: string): DocumentBlock | undefined => {
      const i = names.get(name);
      return i === undefined ? undefined : blockOf(doc, i);
    };

    // The names are those of this version for the whole check.
    const nearBlockNames = new Map<string, NearName[]>();
    const scope: BlockCheckScope = {
      doc,
      model: options.model,
      environment: options.environment,
      environmentKnown: options.environment !== undefined,
      options,
      blockNamed,
      nearBlockNames: (name) => {
        let near = nearBlockNames.get(name);
        if (near === undefined) nearBlockNames.set(name, (near = nearNames(name, names.walk)));
        return near;
      },
    };
    const dependencies: DependencyContext = {
      doc,
      model: options.model,
      printIds,
      blockNamed,
      fileNamesKey,
      preambleReferenceNames,
      environmentNames,
    };
    const recording = recordingScope(scope, reads);
    const blockAt = (i: number): DocumentBlock => (i === 0 ? doc.preamble : blockOf(doc, i - 1));

    const readers = previous?.readers ?? new Map<string, Set<Slot>>();
    const byText: TextIndex = previous?.byText ?? new Map();
    const unresolved = previous?.unresolved ?? new Set<Slot>();
    const forward = previous?.forward ?? new Set<Slot>();
    const fileReaders: FileReadIndex = previous?.fileReaders ?? new Map();
    const preambleReaders = previous?.preambleReaders ?? new Set<Slot>();
    const tally = previous?.tally ?? { severities: { error: 0, warning: 0, information: 0, hint: 0 }, strays: new Set<Slot>() };
    // What a slot's key read (the names, unresolved ones, a forward reference) and what its result
    // read (the file variables, the preamble, and its diagnostics in the tally): a result checked
    // again under the same key changes only the second.
    const trackEntry = (slot: Slot): void => {
      for (const r of slot.entry.fileReads) {
        let byIndex = fileReaders.get(r.index);
        if (byIndex === undefined) fileReaders.set(r.index, (byIndex = { declaration: doc.preamble.parsed.variables[r.index], parts: new Map() }));
        const set = byIndex.parts.get(r.read);
        if (set === undefined) byIndex.parts.set(r.read, new Set([slot]));
        else set.add(slot);
      }
      if (slot.entry.wholePreamble !== undefined) preambleReaders.add(slot);
      tallySlot(tally, slot, 1);
    };
    const untrackEntry = (slot: Slot): void => {
      for (const r of slot.entry.fileReads) {
        const byIndex = fileReaders.get(r.index);
        const set = byIndex?.parts.get(r.read);
        if (byIndex === undefined || set === undefined) continue;
        set.delete(slot);
        if (set.size > 0) continue;
        byIndex.parts.delete(r.read);
        if (byIndex.parts.size === 0) fileReaders.delete(r.index);
      }
      preambleReaders.delete(slot);
      tallySlot(tally, slot, -1);
    };
    const track = (slot: Slot): void => {
      for (const n of slot.reads) {
        const set = readers.get(n);
        if (set === undefined) readers.set(n, new Set([slot]));
        else set.add(slot);
      }
      if (slot.unresolved.length > 0) unresolved.add(slot);
      if (slot.forward) forward.add(slot);
      trackEntry(slot);
    };
    const untrack = (slot: Slot): void => {
      for (const n of slot.reads) {
        const set = readers.get(n);
        if (set === undefined) continue;
        set.delete(slot);
        if (set.size === 0) readers.delete(n);
      }
      unresolved.delete(slot);
      forward.delete(slot);
      untrackEntry(slot);
    };

    // The changed stretch: each block keeps an old result of the same parse and key (it moved
    // within the stretch, or came back), or is checked.
    const candidates = new Map<ParsedBlock, Slot[]>();
    for (let i = same; i < oldChangedEnd; i++) {
      const s = oldSlots[i];
      if (previous !== undefined) {
        untrack(s);
        unindexText(byText, s);
      }
      const list = candidates.get(s.parsed);
      if (list === undefined) candidates.set(s.parsed, [s]);
      else list.push(s);
    }
    const changed: Slot[] = [];
    for (let i = same; i < changedEnd; i++) {
      const block = blockAt(i);
      let suggestions = '';
      const derived = dependencyKey(dependencies, block, () => (suggestions = newSuggestionsTag()));
      let reused: CachedBlock | undefined;
      for (const s of candidates.get(block.parsed) ?? noSlots) if (s.entry.key === derived.key && readsHold(s.entry, doc.preamble.parsed)) reused ??= s.entry;
      // A key says everything the result depends on but the text: another block of the same text
      // and key (kept, or made earlier in this check) has the result. A key with a suggestions tag
      // is new. The fresh check (`sort`) checks every block, as the reference the incremental one
      // is held to.
      if (reused === undefined && assembly === 'runs' && suggestions === '') reused = alikeEntry(byText.get(block.parsed.text), derived.key, doc.preamble.parsed);
      const slot: Slot = {
        parsed: block.parsed,
        entry: reused ?? computeEntry(recording, block, derived.key),
        reads: derived.reads,
        unresolved: derived.unresolved,
        forward: derived.forward,
        suggestions,
        mark: 0,
      };
      changed.push(slot);
      progress.checked.push(slot);
      track(slot);
      // By text only as a slot comes and goes: a slot's text is its parse's, the same for its life.
      indexText(byText, slot);
      yield;
    }
    let slots: Slot[];
    if (same === 0 && sameAfter === 0) slots = changed;
    // In place, the previous check's slots being this one's but for the stretch: a copy of them
    // all cost more than the rest of an edit's check. Its result was read before this check.
    else if (previous !== undefined && changed.length <= 1024) (slots = previous.slots).splice(same, oldChangedEnd - same, ...changed);
    else slots = oldSlots.slice(0, same).concat(changed, oldSlots.slice(oldChangedEnd));

    // The other blocks whose key the change can concern.
    if (previous !== undefined) {
      // Whether what did-you-mean picks for an unknown name may change, by name (a file of
      // copies has the same few unknown names in thousands of blocks): `near`, an affected name
      // is within its distance; `mayChange`, one of them may be picked (`mayPickAffected`, which
      // reads every name once for it).
      const nearByName = new Map<string, boolean>();
      const near = (name: string): boolean => {
        let may = nearByName.get(name);
        if (may !== undefined) return may;
        may = false;
        for (const candidate of affected) if ((may = canSuggest(name, candidate))) break;
        nearByName.set(name, may);
        return may;
      };
      const mayChangeByName = new Map<string, boolean>();
      const nearest = new Map<string, number>();
      const mayChange = (name: string): boolean => {
        let may = mayChangeByName.get(name);
        if (may !== undefined) return may;
        may = false;
        if (near(name)) for (const candidate of affected) if ((may = mayPickAffected(names, wasFirst, same - 1, nearest, name, candidate))) break;
        mayChangeByName.set(name, may);
        return may;
      };
      const concerned = new Set<Slot>();
      for (const n of retargeted) for (const s of readers.get(n) ?? noSlots) concerned.add(s);
      // A block before the stretch that reads one after it: the distance may have changed.
      if (same > 0) for (const s of forward) concerned.add(s);
      // Only those whose suggestion may change: in a file of errors, thousands of blocks have an
      // unknown name, which no new name comes near.
      if (namesChanged) for (const s of unresolved) if (!concerned.has(s) && s.unresolved.some(mayChange)) concerned.add(s);
      const positions = positionsOf(slots, concerned);
      for (const slot of concerned) {
        const i = positions.get(slot)!;
        if (i >= same && i < changedEnd) continue;
        const readsChanged = (slot.forward && i < same) || slot.reads.some((n) => retargeted.has(n));
        // A block before the stretch suggests from the names of the blocks before it, none of
        // which changed; the file variables' references (the preamble's) from every name. A block
        // whose key changes anyway gets new suggestions for any near name (without reading every
        // name to know whether one may be picked).
        const newSuggestions = namesChanged && (i === 0 || i >= changedEnd) && slot.unresolved.some(readsChanged ? near : mayChange);
        const rekey = newSuggestions || readsChanged;
        if (!rekey) continue;
        const block = blockAt(i);
        let suggestions = slot.suggestions;
        const derived = dependencyKey(dependencies, block, () => (newSuggestions || suggestions === '' ? (suggestions = newSuggestionsTag()) : suggestions));
        slot.suggestions = derived.unresolved.length > 0 ? suggestions : '';
        untrack(slot);
        if (derived.key !== slot.entry.key || !readsHold(slot.entry, doc.preamble.parsed)) slot.entry = computeEntry(recording, block, derived.key);
        slot.reads = derived.reads;
        slot.unresolved = derived.unresolved;
        slot.forward = derived.forward;
        track(slot);
        yield;
      }
    }
    // The file variables changed, not their names: the blocks whose check read what changed
    // (a value's answer to a question, a span relative to its variable) are checked again, with
    // the same key. A variable that only moved reads the same: what a result says about it is
    // placed where it is now (see `place`).
    if (previous !== undefined && previous.fileVariables !== preambleKey) {
      const stale = staleFileReaders(fileReaders, preambleReaders, doc.preamble.parsed);
      const positions = positionsOf(slots, stale);
      // A block of the same text and key as one checked here gets the same result (a file of
      // copies has many): its diagnostics in the file variables are where that one's are, which
      // its `computedAt` says.
      // By key, then text (a block's text is hashed once: it is the same string at every edit).
      const checkedHere = new Map<string, Map<string, CachedBlock>>();
      for (const slot of stale) {
        const i = positions.get(slot)!;
        if (i >= same && i < changedEnd) continue;
        const block = blockAt(i);
        let byText = checkedHere.get(slot.entry.key);
        if (byText === undefined) checkedHere.set(slot.entry.key, (byText = new Map()));
        let entry = byText.get(block.parsed.text);
        if (entry === undefined) byText.set(block.parsed.text, (entry = computeEntry(recording, block, slot.entry.key)));
        // The key is the same: only what the result read is tracked anew, and only when it reads
        // other parts (a file of copies has thousands of readers of the variable typed in).
        if (entry === slot.entry) continue;
        if (readsAlike(slot.entry, entry)) {
          tallySlot(tally, slot, -1);
          slot.entry = entry;
          tallySlot(tally, slot, 1);
        } else {
          untrackEntry(slot);
          slot.entry = entry;
          trackEntry(slot);
        }
        yield;
      }
      for (const [at, byIndex] of fileReaders) byIndex.declaration = doc.preamble.parsed.variables[at];
    }
    lastCheck.reusedBlocks = count - lastCheck.checkedBlocks;

    const placing: Placing = { doc, slots, names, duplicates, blockNamed };
    const result = assembly === 'runs' ? orderedRuns(placing, tally) ?? sortedWhole(placing) : sortedWhole(placing);
    state = { doc, slots, names, duplicates, repeated, preambleKey: fileNamesKey, fileVariables: preambleKey, fileReaders, preambleReaders, preambleReferenceNames: joinedReferenceNames, readers, byText, unresolved, forward, tally, result };
    return result;
  }

  function computeEntry(recording: RecordingScope, block: DocumentBlock, key: string): CachedBlock {
    lastCheck.checkedBlocks++;
    // The preamble reads its own variables: its parse is its key. A fresh check keeps nothing.
    if (block.index < 0 || assembly === 'sort') return { key, diagnostics: shareMessages(checkBlock(recording.plain, block)).slice(), computedAt: block.start, fileReads: noReads, wholePreamble: undefined };
    reads.list = [];
    reads.serial++;
    reads.whole = false;
    // slice: an array of exactly their number, where `checkBlock`'s grew by push. A file of
    // copied blocks says the same things many times: their messages are shared.
    const diagnostics = shareMessages(checkBlock(recording.recorded, block)).slice();
    const fileReads = reads.list.length > 0 ? reads.list : noReads;
    const whole = reads.whole || (fileReads.length > 0 && !placeableInPreamble(diagnostics, fileReads, block.start));
    return { key, diagnostics, computedAt: block.start, fileReads, wholePreamble: whole ? recording.plain.doc.preamble.parsed : undefined };
  }

  return { check, checkSteps, checkedSteps, lastCheck };
}

/** What a check has got through: the slots it started from and those it has made. */
interface Progress {
  doc: NoarkqDocument;
  kept: readonly Slot[];
  checked: Slot[];
}

function interruptedState(progress: Progress): CheckState {
  return {
    doc: progress.doc,
    slots: progress.kept.concat(progress.checked),
    names: new FirstBlocks(),
    duplicates: 0,
    repeated: new Map(),
    preambleKey: '',
    fileVariables: '',
    fileReaders: new Map(),
    preambleReaders: new Set(),
    preambleReferenceNames: '',
    readers: new Map(),
    byText: new Map(),
    unresolved: new Set(),
    forward: new Set(),
    tally: { severities: { error: 0, warning: 0, information: 0, hint: 0 }, strays: new Set() },
    result: listed([]),
    interrupted: true,
  };
}

/** What placing a check's diagnostics in the document reads. */
interface Placing {
  doc: NoarkqDocument;
  slots: readonly Slot[];
  names: FirstBlocks;
  duplicates: number;
  blockNamed(name: string): DocumentBlock | undefined;
}

function slotBlock(doc: NoarkqDocument, i: number): DocumentBlock {
  return i === 0 ? doc.preamble : blockOf(doc, i - 1);
}

function isDuplicate(p: Placing, parsed: ParsedBlock, i: number): boolean {
  if (p.duplicates === 0 || i === 0 || parsed.name === undefined) return false;
  return p.names.get(parsed.name.text) !== i - 1;
}

/** Adds (`sign` 1) or takes away (-1) a slot's syntax and check diagnostics. */
function tallySlot(tally: Tally, slot: Slot, sign: 1 | -1): void {
  const length = slot.parsed.text.length;
  let stray = false;
  for (const d of slot.parsed.diagnostics) {
    tally.severities[d.severity] += sign;
    if (d.start >= length) stray = true;
  }
  for (const d of slot.entry.diagnostics) {
    tally.severities[d.severity] += sign;
    if (d.start < 0 || d.start >= length) stray = true;
  }
  if (sign < 0) tally.strays.delete(slot);
  else if (stray) tally.strays.add(slot);
}

/**
 * The diagnostics as each slot's run, in slot order: the whole sorted list, as long as every
 * diagnostic starts within its own block (blocks follow each other, so runs in block order are
 * then sorted). A diagnostic elsewhere (a check's at a file variable, a syntax one at the very end
 * of a block that another follows) belongs among another block's: undefined, and the caller
 * sorts the whole list. The counts come from the tally; a slot's run is made (again, if its
 * parse, result or duplicate name changed) only when it is read, so reading the first thousand
 * diagnostics looks at the blocks up to the thousandth. Read before the next check: that one
 * updates the slots in place.
 */
function orderedRuns(p: Placing, tally: Tally): CheckedDiagnostics | undefined {
  const last = p.slots.length - 1;
  for (const slot of tally.strays) {
    if (slot !== p.slots[last]) return undefined;
    // The last block's end is the text's: only one before it is out of place.
    if (slot.entry.diagnostics.some((d) => d.start < 0)) return undefined;
  }
  const severities = { ...tally.severities, error: tally.severities.error + p.duplicates };
  const length = severities.error + severities.warning + severities.information + severities.hint;
  // Each run placed again as its block moved: its items by the ones placed before. A map, not a
  // weak one, made anew for each check: weak maps cost the collector at every pass.
  const movedFrom = new Map<NoarkqDiagnostic, NoarkqDiagnostic>();
  // Each run's items, placed when first asked for: what placing them reads of this version (its
  // file variables, the first block of a taken name) is taken as the run is reached, so a run
  // placed later (a code action's) is placed in this version, whatever the next check changed.
  const placedItems = (run: Run, block: DocumentBlock, variables: readonly VariableDeclaration[], first: DocumentBlock | undefined, firstAt: number): readonly NoarkqDiagnostic[] => {
    let placed = run.placed;
    if (placed === undefined || placed.start !== block.start || (run.inPreamble && placed.variables !== variables) || placed.firstAt !== firstAt) {
      const items = run.items.map((item) => placeItem(item, block, run.entry, variables, first));
      if (placed !== undefined) for (let k = 0; k < items.length; k++) movedFrom.set(items[k], placed.items[k]);
      placed = run.placed = { start: block.start, variables, firstAt, items };
    }
    return placed.items;
  };
  function* runs(): Generator<DiagnosticRun, void, undefined> {
    // Stops at the last diagnostic: a clean document looks at no block.
    let left = length;
    for (let i = 0; i <= last && left > 0; i++) {
      const slot = p.slots[i];
      const parsed = slot.parsed;
      const duplicate = isDuplicate(p, parsed, i);
      if (slot.entry.diagnostics.length === 0 && parsed.diagnostics.length === 0 && !duplicate) continue;
      let run = slot.run;
      if (run === undefined || run.parsed !== parsed || run.entry !== slot.entry || run.duplicate !== duplicate) run = slot.run = makeRun(parsed, slot.entry, duplicate);
      const block = slotBlock(p.doc, i);
      const variables = p.doc.preamble.parsed.variables;
      const first = duplicate ? p.blockNamed(parsed.name!.text)! : undefined;
      const firstAt = first === undefined ? -1 : first.start + first.parsed.name!.start;
      yield new PlacedRun(run, block, variables, first, firstAt, placedItems);
      left -= run.items.length;
    }
  }
  return {
    length,
    severities,
    movedFrom: (d) => movedFrom.get(d),
    runs,
    *[Symbol.iterator]() {
      for (const run of runs()) yield* run.items();
    },
  };
}

const noStarts: readonly number[] = [];

/** A run as one check reached it (see `DiagnosticRun`). */
class PlacedRun implements DiagnosticRun {
  private placed: readonly NoarkqDiagnostic[] | undefined;

  constructor(
    private readonly run: Run,
    private readonly block: DocumentBlock,
    private readonly fileVariables: readonly VariableDeclaration[],
    private readonly first: DocumentBlock | undefined,
    readonly firstAt: number,
    private readonly place: (run: Run, block: DocumentBlock, variables: readonly VariableDeclaration[], first: DocumentBlock | undefined, firstAt: number) => readonly NoarkqDiagnostic[],
  ) {}

  get said(): object {
    return this.run;
  }

  get start(): number {
    return this.block.start;
  }

  anchorStarts(): readonly number[] {
    return this.run.anchors.length === 0 ? noStarts : this.run.anchors.map((i) => this.fileVariables[i].start);
  }

  get severities(): readonly Severity[] {
    return this.run.severities;
  }

  items(): readonly NoarkqDiagnostic[] {
    return (this.placed ??= this.place(this.run, this.block, this.fileVariables, this.first, this.firstAt));
  }
}

function makeRun(parsed: ParsedBlock, entry: CachedBlock, duplicate: boolean): Run {
  const items: RunItem[] = [];
  for (const d of parsed.diagnostics) items.push({ kind: 'syntax', d });
  if (duplicate) {
    const name = parsed.name!;
    items.push({ kind: 'name', d: { code: DocumentCodes.duplicateBlockName, severity: 'error', start: name.start, end: name.end, message: '' } });
  }
  for (const d of entry.diagnostics) items.push({ kind: 'check', d });
  // Stable: among equal spans, the order they were pushed in.
  items.sort((a, b) => byPosition(a.d, b.d));
  const inPreamble = entry.diagnostics.some(reachesPreamble);
  return { parsed, entry, duplicate, items, inPreamble, anchors: inPreamble ? anchorsOf(entry) : noAnchors, severities: items.map((item) => item.d.severity) };
}

const noAnchors: readonly number[] = [];

/** The indexes of the file variables that `entry`'s spans in the preamble (its diagnostics' and
 * their related locations') are placed from (see `place`). */
function anchorsOf(entry: CachedBlock): readonly number[] {
  const anchors: number[] = [];
  const add = (span: Span): void => {
    if (span.start >= 0) return;
    const anchor = anchorOf(entry.fileReads, span.start + entry.computedAt);
    if (anchor !== undefined && !anchors.includes(anchor.index)) anchors.push(anchor.index);
  };
  for (const d of entry.diagnostics) {
    add(d);
    for (const r of d.related ?? []) add(r);
  }
  return anchors;
}

function placeItem(item: RunItem, block: DocumentBlock, entry: CachedBlock, variables: readonly VariableDeclaration[], first: DocumentBlock | undefined): NoarkqDiagnostic {
  switch (item.kind) {
    case 'syntax':
      return shiftDiagnostic(item.d, block.start);
    case 'check':
      return place(item.d, block.start, entry, variables);
    case 'name':
      return duplicateNameDiagnostic(block, first!);
  }
}

/** Every diagnostic made and sorted: the syntax ones in block order, the duplicate names, then
 * each block's check in block order, sorted by start and end (stable, so that order among equal
 * spans). */
function sortedWhole(p: Placing): CheckedDiagnostics {
  const out: NoarkqDiagnostic[] = [];
  const { doc } = p;
  for (let i = 0; i < p.slots.length; i++) {
    const block = slotBlock(doc, i);
    for (const d of block.parsed.diagnostics) out.push(shiftDiagnostic(d, block.start));
  }
  for (let i = 1; i < p.slots.length; i++) if (isDuplicate(p, p.slots[i].parsed, i)) out.push(duplicateNameDiagnostic(blockOf(doc, i - 1), p.blockNamed(p.slots[i].parsed.name!.text)!));
  for (let i = 0; i < p.slots.length; i++) {
    const entry = p.slots[i].entry;
    const start = slotBlock(doc, i).start;
    for (const d of entry.diagnostics) out.push(place(d, start, entry, doc.preamble.parsed.variables));
  }
  out.sort(byPosition);
  return listed(out);
}

function listed(diagnostics: readonly NoarkqDiagnostic[]): CheckedDiagnostics {
  const severities: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of diagnostics) severities[d.severity]++;
  return { length: diagnostics.length, severities, [Symbol.iterator]: () => diagnostics[Symbol.iterator]() };
}

const noSlots: ReadonlySet<Slot> = new Set();

let marks = 0;

/** Where each of `wanted` is in `slots`: a look per slot for a few, one pass for many (the wanted
 * marked, so that the pass reads a field of each slot rather than looking it up in a set). */
function positionsOf(slots: readonly Slot[], wanted: ReadonlySet<Slot>): Map<Slot, number> {
  const positions = new Map<Slot, number>();
  if (wanted.size <= 16) {
    for (const s of wanted) positions.set(s, slots.indexOf(s));
  } else {
    const mark = ++marks;
    for (const s of wanted) s.mark = mark;
    for (let i = 0; i < slots.length; i++) if (slots[i].mark === mark) positions.set(slots[i], i);
  }
  return positions;
}

function parsedAt(doc: NoarkqDocument, slot: number): ParsedBlock {
  return slot === 0 ? doc.preamble.parsed : blockOf(doc, slot - 1).parsed;
}

/** A block name and the position of its block (as in the check's slots: 0 is the preamble). */
interface NamedAt {
  name: string;
  at: number;
}

function pushName(names: NamedAt[], parsed: ParsedBlock, at: number): void {
  if (parsed.name) names.push({ name: parsed.name.text, at });
}

/**
 * The index of the first block of each name. An edit that adds or takes away blocks moves the
 * index of every name after it: rather than rewriting each of them (20,000 in a file of unique
 * names, for every block typed or deleted), the move is kept as a shift, applied to an index when
 * it is read, for the entries set before the shift; past 64 shifts, or when every entry is read
 * (did-you-mean), they are applied to every entry once, in place (one pass over the map, nothing
 * allocated). An entry holds its index and how many shifts there were when it was set.
 */
export class FirstBlocks implements Iterable<[string, number]> {
  private readonly entries = new Map<string, number>();
  /** Each name in lower case, for did-you-mean (`walk`). */
  private readonly lowered = new Map<string, string>();
  private shifts: Array<{ from: number; delta: number }> = [];

  get size(): number {
    return this.entries.size;
  }

  get(name: string): number | undefined {
    const entry = this.entries.get(name);
    return entry === undefined ? undefined : this.resolve(entry);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  set(name: string, index: number): void {
    if (!this.entries.has(name)) this.lowered.set(name, name.toLowerCase());
    this.entries.set(name, index * maxShifts + this.shifts.length);
  }

  delete(name: string): void {
    this.entries.delete(name);
    this.lowered.delete(name);
  }

  /** Every index at or after `from` moves by `delta`. */
  shift(from: number, delta: number): void {
    this.shifts.push({ from, delta });
    if (this.shifts.length === maxShifts) this.applyShifts();
  }

  /** Every entry, with the shifts applied to them first (a pass that reads them all anyway). */
  *[Symbol.iterator](): Iterator<[string, number]> {
    this.applyShifts();
    for (const [name, entry] of this.entries) yield [name, entry / maxShifts];
  }

  /** Every entry to `visit` with its name in lower case, the shifts applied first: did-you-mean
   * over every name, without an array or a generator's step per entry. */
  readonly walk: CandidateWalk = (visit) => {
    this.applyShifts();
    this.entries.forEach((entry, name) => visit(name, entry / maxShifts, this.lowered.get(name)));
  };

  private applyShifts(): void {
    if (this.shifts.length === 0) return;
    // Setting a key the map has keeps its place: each entry is visited once, with every shift.
    for (const [name, entry] of this.entries) this.entries.set(name, this.resolve(entry) * maxShifts);
    this.shifts = [];
  }

  private resolve(entry: number): number {
    let index = Math.floor(entry / maxShifts);
    for (let i = entry % maxShifts; i < this.shifts.length; i++) if (index >= this.shifts[i].from) index += this.shifts[i].delta;
    return index;
  }
}

const maxShifts = 64;

/** Where the names of the blocks are: see `CheckState`. */
interface NameIndex {
  names: FirstBlocks;
  duplicates: number;
  repeated: Map<string, number>;
}

/**
 * The previous check's name index (updated in place: its result was read before this check) for
 * a document that differs from the previous one in the slots `[same, oldEnd)`, now `[same,
 * newEnd)`, whose names were `oldNames` and are `newNames`: a name outside them keeps its first
 * block, moved by the change in the number of blocks when it is after them, and the names they
 * had or have (`affected`) are looked up again, in the stretch (or after it, for a name whose
 * first block was in it and that other blocks have).
 */
function updatedIndex(previous: NameIndex, doc: NoarkqDocument, affected: ReadonlySet<string>, stretch: { same: number; oldEnd: number; newEnd: number }, oldNames: readonly NamedAt[], newNames: readonly NamedAt[]): NameIndex {
  const { names, repeated } = previous;
  const named = previous.duplicates + names.size + newNames.length - oldNames.length;
  // In block indexes (slot i is block i - 1): the stretch starts at `from`, and the blocks after
  // it started at `oldAfter` and start at `newAfter`.
  const from = Math.max(0, stretch.same - 1);
  const oldAfter = stretch.oldEnd - 1;
  const newAfter = stretch.newEnd - 1;
  const delta = newAfter - oldAfter;
  const was = new Map<string, number | undefined>();
  for (const name of affected) was.set(name, names.get(name));
  // How many blocks have each affected name now: what they had, less the stretch's before, and
  // its now.
  const counts = new Map<string, number>();
  for (const name of affected) counts.set(name, repeated.get(name) ?? (names.has(name) ? 1 : 0));
  for (const n of oldNames) counts.set(n.name, counts.get(n.name)! - 1);
  for (const n of newNames) counts.set(n.name, counts.get(n.name)! + 1);
  for (const [name, n] of counts) {
    if (n > 1) repeated.set(name, n);
    else repeated.delete(name);
  }
  if (delta !== 0) names.shift(oldAfter, delta);
  const count = blockCount(doc);
  // The first block of each name in the stretch, from its names in order (slot i is block i - 1).
  const firstInStretch = new Map<string, number>();
  for (const n of newNames) if (!firstInStretch.has(n.name)) firstInStretch.set(n.name, n.at - 1);
  // Names whose first block was in the stretch and is no longer: another one after it, if a
  // block still has the name, found in one pass for them all.
  const later = new Set<string>();
  for (const name of affected) {
    const old = was.get(name);
    names.delete(name);
    let at = old !== undefined && old < from ? old : (firstInStretch.get(name) ?? -1);
    if (at === -1 && old !== undefined) {
      if (old >= oldAfter) at = old + delta;
      else if (counts.get(name)! > 0) later.add(name);
    }
    if (at !== -1) names.set(name, at);
  }
  for (let i = newAfter; i < count && later.size > 0; i++) {
    const name = blockOf(doc, i).parsed.name?.text;
    if (name !== undefined && later.delete(name)) names.set(name, i);
  }
  return { names, duplicates: named - names.size, repeated };
}

function nameIndex(doc: NoarkqDocument): NameIndex {
  const names = new FirstBlocks();
  const repeated = new Map<string, number>();
  let duplicates = 0;
  const blocks = doc.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const name = blocks[i].parsed.name?.text;
    if (name === undefined) continue;
    if (names.has(name)) {
      duplicates++;
      repeated.set(name, (repeated.get(name) ?? 1) + 1);
    } else {
      names.set(name, i);
    }
  }
  return { names, duplicates, repeated };
}

function byPosition(a: NoarkqDiagnostic, b: NoarkqDiagnostic): number {
  return a.start - b.start || a.end - b.end;
}

const fileVariableNamesKeys = new WeakMap<ParsedBlock, string>();

/** The names of the preamble's variables and which are misplaced: what every block's check reads
 * of them (to know which names are variables), and what gives each declaration its index. */
function fileVariableNamesKey(preamble: ParsedBlock): string {
  let key = fileVariableNamesKeys.get(preamble);
  if (key === undefined) {
    key = JSON.stringify(preamble.variables.map((v) => [v.name, v.misplaced]));
    fileVariableNamesKeys.set(preamble, key);
  }
  return key;
}

/**
 * The slots of which a part read of the file variables reads otherwise from `preamble`'s. Each
 * part of each declaration is compared once, whatever the number of slots that read it.
 */
function staleFileReaders(index: FileReadIndex, preambleReaders: ReadonlySet<Slot>, preamble: ParsedBlock): Set<Slot> {
  const stale = new Set<Slot>();
  for (const slot of preambleReaders) if (slot.entry.wholePreamble !== preamble) stale.add(slot);
  for (const [at, { declaration, parts }] of index) {
    const now = preamble.variables[at];
    if (now === declaration) continue;
    for (const [read, slots] of parts) if (readText(read, now) !== readText(read, declaration)) for (const s of slots) stale.add(s);
  }
  return stale;
}

/** The slots by their block's text: one slot, or the several of a text that repeats (a map of a
 * set each would be most of the index's memory in a file of unique blocks). */
type TextIndex = Map<string, Slot | Slot[]>;

function indexText(index: TextIndex, slot: Slot): void {
  const text = slot.parsed.text;
  const alike = index.get(text);
  if (alike === undefined) index.set(text, slot);
  else if (Array.isArray(alike)) alike.push(slot);
  else index.set(text, [alike, slot]);
}

function unindexText(index: TextIndex, slot: Slot): void {
  const text = slot.parsed.text;
  const alike = index.get(text);
  if (alike === slot) index.delete(text);
  else if (Array.isArray(alike)) {
    const at = alike.indexOf(slot);
    if (at !== -1) alike.splice(at, 1);
    if (alike.length === 1) index.set(text, alike[0]);
  }
}

/** The result of one of `alike` (blocks of one text) with this key, whose reads of the file
 * variables hold in `preamble`. */
function alikeEntry(alike: Slot | readonly Slot[] | undefined, key: string, preamble: ParsedBlock): CachedBlock | undefined {
  if (alike === undefined) return undefined;
  for (const s of Array.isArray(alike) ? alike : [alike]) if (s.entry.key === key && readsHold(s.entry, preamble)) return s.entry;
  return undefined;
}

/** Whether two results of a block read the same parts of the same file variables, and the rest
 * of the preamble alike. */
function readsAlike(a: CachedBlock, b: CachedBlock): boolean {
  if (a.fileReads.length !== b.fileReads.length || (a.wholePreamble === undefined) !== (b.wholePreamble === undefined)) return false;
  for (let i = 0; i < a.fileReads.length; i++) if (a.fileReads[i].index !== b.fileReads[i].index || a.fileReads[i].read !== b.fileReads[i].read) return false;
  return true;
}

/** Whether what a block's check read of the preamble (besides the variables' names, which its
 * key holds) reads the same from this one. */
function readsHold(entry: CachedBlock, preamble: ParsedBlock): boolean {
  if (entry.wholePreamble !== undefined && entry.wholePreamble !== preamble) return false;
  for (const r of entry.fileReads) {
    const now = preamble.variables[r.index];
    if (now !== r.declaration && readText(r.read, now) !== readText(r.read, r.declaration)) return false;
  }
  return true;
}

/**
 * Whether every span of `diagnostics` in the preamble (block-relative to `start`: negative) lies
 * in a variable whose spans the check read: `place` moves them with it. One elsewhere would stay
 * where it is when the preamble changes, so a result with one is kept only for this preamble.
 */
function placeableInPreamble(diagnostics: readonly NoarkqDiagnostic[], reads: readonly FileRead[], start: number): boolean {
  const placeable = (span: Span): boolean => span.start >= 0 || anchorOf(reads, span.start + start) !== undefined;
  return diagnostics.every((d) => !someSpan(d, (span) => !placeable(span)));
}

/** Whether a check diagnostic (block-relative) has a span before its block: in the preamble. */
function reachesPreamble(d: NoarkqDiagnostic): boolean {
  return someSpan(d, (span) => span.start < 0);
}

/** Whether `test` holds for a span of `d`: its own, a related location's or a fix's edit's. */
function someSpan(d: NoarkqDiagnostic, test: (span: Span) => boolean): boolean {
  return test(d) || (d.related ?? []).some(test) || (d.fixes ?? []).some((f) => f.edits.some(test));
}

/** The read of the declaration that holds document offset `at` in the preamble, whose spans the
 * check read. */
function anchorOf(reads: readonly FileRead[], at: number): FileRead | undefined {
  for (const r of reads) if (r.declaration.start <= at && at <= r.declaration.end && anchoredReads.has(r.read)) return r;
  return undefined;
}

const readTexts = new WeakMap<VariableDeclaration, Map<ReadPart, string>>();

/** What `read` gives from `declaration`, as JSON, worked out once per declaration and part: many
 * blocks read the same part of the same variable. */
function readText(read: ReadPart, declaration: VariableDeclaration): string {
  let texts = readTexts.get(declaration);
  if (texts === undefined) readTexts.set(declaration, (texts = new Map()));
  let text = texts.get(read);
  if (text === undefined) texts.set(read, (text = asText(read(declaration))));
  return text;
}

const noReads: readonly FileRead[] = [];

/** What the block being checked has read so far. */
interface Reads {
  list: FileRead[];
  /** Which block's check the reads are of: a part is recorded once per check. */
  serial: number;
  whole: boolean;
}

/** The scope a block is checked in, and the same with a document whose file variables record
 * what is read of them in `reads`. */
interface RecordingScope {
  plain: BlockCheckScope;
  recorded: BlockCheckScope;
}

function recordingScope(scope: BlockCheckScope, reads: Reads): RecordingScope {
  let recorded: BlockCheckScope | undefined;
  const plain = scope;
  return {
    plain,
    // Made when first needed: a check that reuses every result records nothing.
    get recorded() {
      return (recorded ??= { ...scope, doc: recordingDocument(scope.doc, reads) });
    },
  };
}

const asText = (value: unknown): string => String(JSON.stringify(value));

/**
 * The document as a block's check sees it, with the preamble's variables recording each part
 * read (their names and placement aside), the answer to each question put to a value (see
 * `VariableBinding.ask`), and any other read of the preamble as a read of all of it. One per
 * check, so that what the checks keep per document (name indexes) is made once.
 */
function recordingDocument(doc: NoarkqDocument, reads: Reads): NoarkqDocument {
  const preamble = doc.preamble;
  const variables = preamble.parsed.variables.map((declaration, index) => new RecordedDeclaration(declaration, index, reads));
  const parsed = new Proxy(preamble.parsed, {
    get(target, property, receiver) {
      if (property === 'variables') return variables;
      reads.whole = true;
      return Reflect.get(target, property, receiver);
    },
  });
  const view: DocumentBlock = {
    start: preamble.start,
    get end() {
      reads.whole = true;
      return preamble.end;
    },
    index: preamble.index,
    parsed,
  };
  const recorded: NoarkqDocument & BlockReader = {
    get text() {
      reads.whole = true;
      return doc.text;
    },
    preamble: view,
    get blocks() {
      return doc.blocks;
    },
    blockCount: blockCount(doc),
    block: (index) => blockOf(doc, index),
    get diagnostics() {
      reads.whole = true;
      return doc.diagnostics;
    },
  };
  return recorded;
}

/** A file variable that records each part a check reads of it (its name and placement aside,
 * which the key holds), and the answer to each question put to its value. A class rather than
 * a proxy: every block's check reads its variables. */
class RecordedDeclaration implements RecordingDeclaration {
  readonly name: string;
  readonly misplaced: boolean;

  /** For each part, the serial of the check that recorded it last. */
  private readonly recorded = { start: -1, end: -1, nameSpan: -1, value: -1 };

  constructor(
    private readonly declaration: VariableDeclaration,
    private readonly index: number,
    private readonly reads: Reads,
  ) {
    this.name = declaration.name;
    this.misplaced = declaration.misplaced;
  }

  get start(): number {
    this.record('start', sameStart);
    return this.declaration.start;
  }

  get end(): number {
    this.record('end', relativeEnd);
    return this.declaration.end;
  }

  get nameSpan(): Span {
    this.record('nameSpan', relativeNameSpan);
    return this.declaration.nameSpan;
  }

  get value(): VariableValueSyntax {
    this.record('value', relativeValue);
    return this.declaration.value;
  }

  [askDeclaration]<T>(question: (v: VariableDeclaration) => T): T {
    // Once per question and check: a check asks the same of a value at each use (a block's list
    // of reads is short).
    const list = this.reads.list;
    if (!list.some((r) => r.read === question && r.index === this.index)) list.push({ index: this.index, declaration: this.declaration, read: question });
    return question(this.declaration);
  }

  private record(part: keyof RecordedDeclaration['recorded'], read: ReadPart): void {
    if (this.recorded[part] === this.reads.serial) return;
    this.recorded[part] = this.reads.serial;
    this.reads.list.push({ index: this.index, declaration: this.declaration, read });
  }
}

// The parts of a declaration a check reads, with its spans relative to the declaration's start: a
// variable that moved reads the same (see `place`).
const sameStart = (): number => 0;
const relativeEnd = (v: VariableDeclaration): number => v.end - v.start;
const relativeNameSpan = (v: VariableDeclaration): Span => ({ start: v.nameSpan.start - v.start, end: v.nameSpan.end - v.start });
const relativeValue = (v: VariableDeclaration): unknown => {
  const value = v.value;
  const span = { start: value.span.start - v.start, end: value.span.end - v.start };
  switch (value.kind) {
    case 'json':
      return { kind: 'json', value: value.value, span };
    case 'invalid':
      return { kind: 'invalid', span };
    case 'reference':
      // Only the reference's own spans are numbers named start and end in it.
      return { kind: 'reference', span, reference: JSON.parse(JSON.stringify(value.reference), (k, x: unknown) => ((k === 'start' || k === 'end') && typeof x === 'number' ? x - v.start : x)) as unknown };
  }
};
/** The parts whose spans a check's diagnostics may hold: they move with their variable. */
const anchoredReads: ReadonlySet<ReadPart> = new Set<ReadPart>([sameStart, relativeEnd, relativeNameSpan, relativeValue]);

const fileVariableKeys = new WeakMap<ParsedBlock, string>();

/** The preamble's variables, whole (names, values, every span): while it is the same, every
 * block's check reads the same of them; when it changes, each block's result is kept if what its
 * check read of them (`readsHold`) is the same. A comment or a request in the preamble does not
 * concern the other blocks. */
function fileVariablesKey(preamble: ParsedBlock): string {
  let key = fileVariableKeys.get(preamble);
  if (key === undefined) {
    key = JSON.stringify(preamble.variables);
    fileVariableKeys.set(preamble, key);
  }
  return key;
}

interface DependencyContext {
  doc: NoarkqDocument;
  model: NoarkModel;
  /** Answer fingerprints as small numbers, so that keys stay short (one table per checker). */
  printIds: Map<string, number>;
  blockNamed(name: string): DocumentBlock | undefined;
  /** The file variables' names, which every block's key holds (what else a block's check read
   * of them is in its `fileReads`). */
  fileNamesKey: string;
  /** Names that the file variables' `{{references}}` use: a `{{variable}}` may lead to them. */
  preambleReferenceNames: readonly string[];
  environmentNames: ReadonlySet<string>;
}

interface DerivedKey {
  key: string;
  reads: readonly string[];
  unresolved: readonly string[];
  forward: boolean;
}

/**
 * What a block's result depends on besides its own parse, as a string, with what it read. The
 * options are the checker's and never change. The rest:
 * - the file variables (values, and the spans diagnostics point back at);
 * - for each name the block's references use (and, for a `{{variable}}`, the names the file
 *   variables' references use): which block has it (its parse decides the response shape) and
 *   where it sits relative to this block (order checks, and where "block x" points);
 * - for names that name nothing, whose diagnostics suggest a block name from the others:
 *   `suggestions`, a tag the caller keeps while no block name it could suggest came or went
 *   (see `mayPickAffected`), and replaces when one did.
 */
function dependencyKey(ctx: DependencyContext, block: DocumentBlock, suggestions: () => string): DerivedKey {
  const refs = block.parsed.references;
  let key = block.index < 0 ? '' : ctx.fileNamesKey;
  if (refs.length === 0) return { key, reads: noNames, unresolved: noNames, forward: false };
  const reads: string[] = [];
  const seen = { forward: false };
  let unresolved: string[] | undefined;
  let readsVariable = false;
  for (const r of refs) {
    const needsBlock = r.segments.length > 0;
    if (!needsBlock) readsVariable = true;
    reads.push(r.name);
    const part = nameKey(ctx, block, r.name, seen);
    if (part !== undefined) key += part;
    else if (needsBlock || !isVariable(ctx, block, r.name)) (unresolved ??= []).push(r.name);
  }
  if (readsVariable) {
    for (const name of ctx.preambleReferenceNames) {
      reads.push(name);
      const part = nameKey(ctx, block, name, seen);
      if (part !== undefined) key += part;
    }
  }
  if (unresolved !== undefined) key += `|?${suggestions()}`;
  return { key, reads, unresolved: unresolved ?? noNames, forward: seen.forward };
}

/**
 * Whether did-you-mean can pick the affected name `candidate` (of a block that came, went or
 * moved) for the unknown `name` in some block, before or after the change, so that a block using
 * `name` may suggest differently: for every block, it picks the nearest of the names of the
 * blocks before it, the one of the lowest rank (its first block) among equally near ones. A name
 * whose first block is before the changed stretch (`stretchStart`, a block index) is the same
 * candidate of the same rank before and after. Any other can only be picked if no name whose
 * first block is before the stretch is as near: such a name has a lower rank and is there for
 * every block that sees the candidate, before and after. A candidate never picked changes no
 * pick by coming or going. `nearest` keeps, per unknown name, the distance to the nearest of
 * those names (one pass over the names for each).
 */
function mayPickAffected(names: FirstBlocks, wasFirst: ReadonlyMap<string, number | undefined>, stretchStart: number, nearest: Map<string, number>, name: string, candidate: string): boolean {
  const distance = suggestionDistance(name, candidate);
  if (distance === Infinity) return false;
  const was = wasFirst.get(candidate);
  if (was !== undefined && was < stretchStart) return false;
  let before = nearest.get(name);
  if (before === undefined) {
    before = Infinity;
    for (const [other, at] of names) if (at < stretchStart && before > 0) before = Math.min(before, suggestionDistance(name, other));
    nearest.set(name, before);
  }
  return before > distance;
}

/** `|name:<where>:<answer>` for a name that a block has, undefined when none has it. A later
 * block's offset and name span are where "block x" points. */
function nameKey(ctx: DependencyContext, block: DocumentBlock, name: string, seen: { forward: boolean }): string | undefined {
  const target = ctx.blockNamed(name);
  if (target === undefined) return undefined;
  let where: string;
  if (target === block) where = 's';
  else if (target.index < block.index) where = 'b';
  else {
    where = `a${target.start - block.start}+${target.parsed.name!.start}`;
    seen.forward = true;
  }
  const print = answerFingerprint(target.parsed, ctx.model);
  let printId = ctx.printIds.get(print);
  if (printId === undefined) ctx.printIds.set(print, (printId = ctx.printIds.size));
  return `|${name}:${where}:${printId}`;
}

function isVariable(ctx: DependencyContext, block: DocumentBlock, name: string): boolean {
  if (ctx.environmentNames.has(name)) return true;
  if (usableNamed(ctx.doc.preamble.parsed.variables, name)) return true;
  return block.index >= 0 && usableNamed(block.parsed.variables, name) !== undefined;
}

function referenceNamesInVariables(parsed: ParsedBlock): string[] {
  const names: string[] = [];
  for (const v of parsed.variables) if (v.value.kind === 'reference') names.push(v.value.reference.name);
  return names;
}

/** A block-relative diagnostic of `entry` in document offsets for a block now at `start`. A span
 * before the block points at a file variable (whose spans the check read relative to it): it
 * moves as the variable moved since `entry` was computed, to where it is among `variables` now;
 * everything else moves with the block. Written field by field (placeDiagnostic): spread copies
 * each got a hidden class of their own. */
function place(d: NoarkqDiagnostic, start: number, entry: CachedBlock, variables: readonly VariableDeclaration[]): NoarkqDiagnostic {
  const computedAt = entry.computedAt;
  if (start === 0 && computedAt === 0) return d;
  return placeDiagnostic(d, (span) => {
    if (span.start >= 0) return span.start + start;
    const at = span.start + computedAt;
    const anchor = anchorOf(entry.fileReads, at);
    return anchor === undefined ? at : at + variables[anchor.index].start - anchor.declaration.start;
  });
}

/** Names are unique; a later duplicate points back at the first one. In document offsets. */
function duplicateNameDiagnostic(b: DocumentBlock, original: DocumentBlock): NoarkqDiagnostic {
  const name = b.parsed.name!;
  const first = original.parsed.name!;
  // Written field by field: a spread gives each copy a hidden class of its own.
  return {
    code: DocumentCodes.duplicateBlockName,
    severity: 'error',
    start: b.start + name.start,
    end: b.start + name.end,
    message: `Another block is already named \`${name.text}\`: rename one of them so that references can tell them apart.`,
    related: [{ start: original.start + first.start, end: original.start + first.end, message: `the first block named ${name.text}` }],
  };
}
