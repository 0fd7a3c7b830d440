import type { CatalogService } from "../catalog/service";

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /profile",
    "Disallow: /orders",
    "Disallow: /addresses",
    "Disallow: /api/",
    "Disallow: /dev/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);

export async function sitemapXml(publicUrl: string, catalog: CatalogService): Promise<string> {
  const entries = await catalog.sitemapEntries();
  const urls = [
    `<url><loc>${escapeXml(`${publicUrl}/`)}</loc><changefreq>daily</changefreq></url>`,
    ...entries.map(
      (p) =>
        `<url><loc>${escapeXml(`${publicUrl}/product/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
