import { data } from "react-router";
import { INFO_PAGES } from "~/lib/info-pages";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/info-page";

export async function loader({ params }: Route.LoaderArgs) {
  const page = Object.hasOwn(INFO_PAGES, params.page) ? INFO_PAGES[params.page] : undefined;
  if (!page) throw data("Not found", { status: 404 });
  return { page };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? pageMeta(data.page.title, data.page.description) : pageMeta("Page not found");
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-display text-4xl">{page.title}</h1>
      {page.sections.map((section, i) => (
        <section key={i} className="mt-8">
          {section.heading && <h2 className="text-lg font-semibold">{section.heading}</h2>}
          {section.paragraphs.map((text, j) => (
            <p key={j} className="mt-3 leading-relaxed text-stone-700">
              {text}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
