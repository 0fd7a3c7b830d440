import { type ComponentType, useRef, useState } from "react";
import type { SuggestionsProps } from "./search-suggestions";

/**
 * The search field (ARIA 1.2 combobox, issue 27). The suggestions under it are a separate chunk,
 * loaded when the field is first focused, so the home page's first load carries only this.
 */
export function SearchBox({ defaultValue }: { defaultValue: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<SuggestionsProps> | null>(null);
  const load = () => {
    if (Suggestions) return;
    import("./search-suggestions").then(
      (m) => setSuggestions(() => m.SearchSuggestions),
      () => {},
    );
  };
  return (
    <div className="relative col-span-2 min-w-0 sm:w-56">
      <label htmlFor="search" className="sr-only">
        Search products
      </label>
      <input
        ref={input}
        id="search"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        autoComplete="off"
        defaultValue={defaultValue}
        key={defaultValue}
        maxLength={100}
        placeholder="Search dresses, jackets…"
        onFocus={load}
        onPointerEnter={load}
        className="w-full min-w-0 rounded-full border border-stone-300 px-4 py-2 text-sm placeholder:text-stone-400 focus:border-ink"
      />
      {Suggestions && input.current && <Suggestions input={input.current} />}
    </div>
  );
}
