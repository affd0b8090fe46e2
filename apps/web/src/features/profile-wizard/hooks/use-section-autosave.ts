import { limits, type SectionId } from '@intergen/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSetOwnProfile } from '../../../lib/own-profile';
import { saveSection } from '../api/save-section';
import { problemsByField, type SectionValues, sectionPatch } from '../lib/profile-form';

/** `idle` before the first edit; `saving` while an edit waits for its debounce or its request. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

interface SectionAutosave {
  values: SectionValues;
  setField: (field: string, value: unknown) => void;
  /** Sends what is waiting now; resolves true when everything savable is saved. */
  flush: () => Promise<boolean>;
  status: SaveStatus;
  /** The message of the last failed save (cleared by the next successful one). */
  saveError: string | null;
  /** The server's validation messages by field, until the field changes. */
  serverErrors: Record<string, string>;
  /** True while an edit waits for its debounce or its request (read at navigation time, never stale). */
  isBusy: () => boolean;
  /** True while a failed save left edits unsaved. */
  hasUnsaved: () => boolean;
}

/**
 * The draft of one wizard section, saved by PUT 500 ms after the last change (spec 000 §4). The draft is
 * never replaced by the server's answer: a failed save keeps every typed value, shows the error, and the
 * next change retries. Values that break a field rule are saved too (the server keeps them as the member's
 * draft, so they are still there after a reload) and shown with their message.
 */
export function useSectionAutosave(section: SectionId, initial: SectionValues): SectionAutosave {
  const setOwnProfile = useSetOwnProfile();
  const [values, setValues] = useState<SectionValues>(initial);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const valuesRef = useRef(values);
  const dirty = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const failed = useRef(false);
  /** The status to return to when a flush finds nothing left to send. */
  const settled = useRef<SaveStatus>('idle');

  /** The fields changed since their last save, ready to send. */
  const savableFields = useCallback(() => [...dirty.current], []);

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    // One save at a time, in order.
    while (inFlight.current) await inFlight.current;
    const fields = savableFields();
    if (fields.length === 0) {
      setStatus((s) => (s === 'saving' ? (failed.current ? 'error' : settled.current) : s));
      return !failed.current;
    }
    const sent = valuesRef.current;
    const request = (async () => {
      try {
        const { profile } = await saveSection(section, sectionPatch(sent, fields));
        for (const f of fields) if (valuesRef.current[f] === sent[f]) dirty.current.delete(f);
        await setOwnProfile(profile);
        failed.current = false;
        setSaveError(null);
        setServerErrors((errors) =>
          Object.fromEntries(Object.entries(errors).filter(([f]) => !fields.includes(f))),
        );
        return true;
      } catch (error) {
        failed.current = true;
        setSaveError(errorMessage(error));
        if (error instanceof ApiError && error.details.length > 0) {
          setServerErrors((errors) => ({ ...errors, ...problemsByField(error.details) }));
        }
        return false;
      }
    })();
    inFlight.current = request;
    const ok = await request;
    if (inFlight.current === request) inFlight.current = null;
    settled.current = ok ? 'saved' : 'error';
    if (!timer.current && !inFlight.current) setStatus(settled.current);
    return ok;
  }, [section, savableFields, setOwnProfile]);

  const flushRef = useRef(flush);
  flushRef.current = flush;

  const setField = useCallback((field: string, value: unknown) => {
    const next = { ...valuesRef.current, [field]: value };
    valuesRef.current = next;
    setValues(next);
    dirty.current.add(field);
    setServerErrors((errors) => {
      if (!(field in errors)) return errors;
      const { [field]: _gone, ...rest } = errors;
      return rest;
    });
    setStatus('saving');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void flushRef.current();
    }, limits.autosaveDebounceMs);
  }, []);

  // Leaving the step (unmount) sends what still waits for its debounce.
  useEffect(
    () => () => {
      if (timer.current) void flushRef.current();
    },
    [],
  );

  const isBusy = useCallback(() => timer.current !== null || inFlight.current !== null, []);
  const hasUnsaved = useCallback(() => failed.current && savableFields().length > 0, [savableFields]);

  return { values, setField, flush, status, saveError, serverErrors, isBusy, hasUnsaved };
}
