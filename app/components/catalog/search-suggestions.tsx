import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SearchSuggestions as Found } from "../../../domain/views";

/**
 * Suggestions of products and categories under the search field while the shopper types (issue
 * 27), following the ARIA 1.2 combobox pattern: the field keeps the focus; the arrow keys move
 * through the options (aria-activedescendant); Enter on an option opens it; Escape closes the
 * list. Without a chosen option, Enter sends the search form as before.
 */

export interface SuggestionsProps {
  input: HTMLInputElement;
}

interface Option {
  id: string;
  label: string;
  detail: string;
  to: string;
}

const LISTBOX_ID = "search-suggestions";
const DEBOUNCE_MS = 60;
const MIN_LENGTH = 2;

function optionsOf(found: Found): Option[] {
  return [
    ...found.categories.map((c) => ({
      id: `c-${c.slug}`,
      label: c.name,
      detail: "Category",
      to: `/?category=${encodeURIComponent(c.slug)}`,
    })),
    ...found.products.map((p) => ({ id: `p-${p.id}`, label: p.title, detail: p.category, to: `/product/${p.id}` })),
  ];
}

export function SearchSuggestions({ input }: SuggestionsProps) {
  const navigate = useNavigate();
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useRef({ options, open, active });
  state.current = { options, open, active };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const close = () => {
      setOpen(false);
      setActive(-1);
    };
    const onInput = () => {
      clearTimeout(timer);
      request?.abort();
      const q = input.value.trim();
      if (q.length < MIN_LENGTH) {
        setOptions([]);
        close();
        return;
      }
      timer = setTimeout(async () => {
        request = new AbortController();
        try {
          const answer = await fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal: request.signal });
          if (!answer.ok) return;
          const next = optionsOf((await answer.json()) as Found);
          setOptions(next);
          setActive(-1);
          setOpen(next.length > 0 && document.activeElement === input);
        } catch {
          // Aborted by the next keystroke, or offline: the form still searches.
        }
      }, DEBOUNCE_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { options: list, open: shown, active: current } = state.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (list.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === "ArrowDown" ? 1 : -1;
        const from = shown ? current : step === 1 ? -1 : list.length;
        setActive((from + step + list.length) % list.length);
      } else if (event.key === "Escape" && shown) {
        event.preventDefault();
        close();
      } else if (event.key === "Enter" && shown && current >= 0 && current < list.length) {
        event.preventDefault();
        close();
        navigate(list[current].to);
      } else if (event.key === "Tab") {
        close();
      }
    };
    const onBlur = () => close();
    input.addEventListener("input", onInput);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("blur", onBlur);
    return () => {
      clearTimeout(timer);
      request?.abort();
      input.removeEventListener("input", onInput);
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("blur", onBlur);
    };
  }, [input, navigate]);

  // The field's ARIA state follows the list's.
  useEffect(() => {
    input.setAttribute("aria-expanded", String(open));
    if (open) input.setAttribute("aria-controls", LISTBOX_ID);
    else input.removeAttribute("aria-controls");
    if (open && active >= 0 && options[active]) input.setAttribute("aria-activedescendant", `${LISTBOX_ID}-${active}`);
    else input.removeAttribute("aria-activedescendant");
  }, [input, open, active, options]);

  if (!open) return null;
  return (
    // The ARIA 1.2 combobox's popup: the field keeps the focus and points at the option with
    // aria-activedescendant, so the options are not focusable and the keys are the field's.
    <div
      id={LISTBOX_ID}
      role="listbox"
      aria-label="Suggestions"
      className="absolute right-0 left-0 z-30 mt-1 max-h-80 overflow-auto rounded-2xl border border-stone-200 bg-white py-1 text-sm shadow-lg sm:w-80"
    >
      {options.map((option, i) => (
        // biome-ignore lint/a11y/useFocusableInteractive: an option of a combobox's listbox is reached through aria-activedescendant, the field keeps the focus
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys (arrows, Enter, Escape) are handled on the field
        <div
          key={option.id}
          id={`${LISTBOX_ID}-${i}`}
          role="option"
          aria-selected={i === active}
          // The field keeps the focus: a click on an option must not blur it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(false);
            navigate(option.to);
          }}
          className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2 ${i === active ? "bg-stone-100" : "hover:bg-stone-50"}`}
        >
          <span className="text-ink">{option.label}</span>
          <span className="shrink-0 text-xs text-stone-500">{option.detail}</span>
        </div>
      ))}
    </div>
  );
}
