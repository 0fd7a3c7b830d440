import { STORE_NAME, STORE_TAGLINE } from "../../domain/store";

export { CONTACT_EMAIL, CONTACT_HOURS, STORE_NAME, STORE_TAGLINE } from "../../domain/store";

/** Page title and description tags, the same shape on every page. */
export function pageMeta(title: string, description: string = STORE_TAGLINE) {
  return [
    { title: title === STORE_NAME ? title : `${title} | ${STORE_NAME}` },
    { name: "description", content: description },
  ];
}
