export const STORE_NAME = "Threadline";
export const STORE_TAGLINE = "Dresses, 2-pieces, jackets, shoes and accessories for every day and every occasion.";
export const CONTACT_EMAIL = "hello@threadline.shop";

/** Page title and description tags, the same shape on every page. */
export function pageMeta(title: string, description: string = STORE_TAGLINE) {
  return [
    { title: title === STORE_NAME ? title : `${title} | ${STORE_NAME}` },
    { name: "description", content: description },
  ];
}
