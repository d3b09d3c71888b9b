import { Fragment, useEffect, useEffectEvent, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@bande/shared/constants';
import { addressSearchFor, matchVenues, mapsSearchUrl, type AddressSuggestion } from './address-search.ts';
import { MapPinIcon } from '../ui/icons.tsx';
import ui from '../ui/ui.module.css';
import styles from './address-autocomplete.module.css';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen (a saved venue also brings its name). */
  onPick?: (suggestion: AddressSuggestion) => void;
  venues: readonly { name: string; address: string }[];
  /** The external service (GET /api/site → addressSearchUrl); without it only venues are suggested. */
  searchUrl: string | undefined;
  required?: boolean;
  error?: string;
  hint?: string;
}

/**
 * Address field with suggestions: saved venues from 2 characters, the external service from 3, once typing
 * has paused for 600 ms (spec section 9). Keyboard: arrows to move, Enter to choose, Escape to close.
 */
export function AddressAutocomplete({ label, value, onChange, onPick, venues, searchUrl, required, error, hint }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<string | null>(null);
  const [venueHits, setVenueHits] = useState<AddressSuggestion[]>([]);
  const [externalHits, setExternalHits] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [degraded, setDegraded] = useState(false);
  // The venues as they are when the search runs; a change of the list alone does not search again.
  const matchingVenues = useEffectEvent((text: string) => matchVenues(venues, text));

  // `query` is set only by typing, so choosing a suggestion does not search again.
  useEffect(() => {
    if (query === null) return;
    const trimmed = query.trim();
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setVenueHits(matchingVenues(trimmed));
      setActive(-1);
      setDegraded(false);
      if (trimmed.length < 3 || !searchUrl) {
        setExternalHits([]);
        return;
      }
      addressSearchFor(queryClient, searchUrl)
        .search(trimmed, controller.signal)
        .then(({ results, fromFallback }) => {
          if (controller.signal.aborted) return;
          setExternalHits(results);
          setDegraded(fromFallback);
        })
        .catch(() => undefined);
    }, TIMINGS.addressDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchUrl, queryClient]);

  const options = useMemo(() => [...venueHits, ...externalHits], [venueHits, externalHits]);
  const expanded = open && options.length > 0;

  function pick(suggestion: AddressSuggestion) {
    onChange(suggestion.address);
    onPick?.(suggestion);
    setOpen(false);
    setQuery(null);
    setVenueHits([]);
    setExternalHits([]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={ui.field}>
      <div className={ui.sectionHead}>
        <label htmlFor={id} className={ui.label}>
          {label}
          {required ? (
            <span className={ui.required} aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {value.trim() ? (
          <a className={styles.mapLink} href={mapsSearchUrl(value)} target="_blank" rel="noopener noreferrer">
            <MapPinIcon />
            Voir sur la carte<span className={ui.visuallyHidden}> (nouvel onglet)</span>
          </a>
        ) : null}
      </div>
      <div className={styles.wrap}>
        <input
          id={id}
          className={ui.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
            // Suggestions for the previous text would no longer match: the new ones come after the pause.
            setVenueHits([]);
            setExternalHits([]);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul id={listId} role="listbox" aria-label={`Suggestions : ${label}`} className={styles.list} hidden={!expanded}>
          {venueHits.length > 0 ? (
            <li role="presentation" className={styles.groupLabel}>
              Lieux enregistrés
            </li>
          ) : null}
          {options.map((suggestion, index) => (
            <Fragment key={`${suggestion.source}-${suggestion.address}-${index}`}>
              {index === venueHits.length && externalHits.length > 0 ? (
                <li role="presentation" className={styles.groupLabel}>
                  {degraded ? 'Adresses (résultats en cache)' : 'Adresses'}
                </li>
              ) : null}
              <li
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // mousedown, not click: the input's blur would close the list before the click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(suggestion);
                }}
              >
                <span className={styles.optionTitle}>{suggestion.title}</span>
                {suggestion.detail ? <span className={styles.optionDetail}>{suggestion.detail}</span> : null}
              </li>
            </Fragment>
          ))}
        </ul>
      </div>
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className={ui.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
