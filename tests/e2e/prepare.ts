import { rmSync } from "node:fs";
import path from "node:path";
import { seedDemoCatalog } from "../../server/catalog/demo-data";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { products } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createLocalStorage } from "../../server/storage/local";

/**
 * A fresh DATA_DIR for the end-to-end run: the demo catalogue, plus fixtures the demo
 * data does not have (a product with no image, to see the placeholder).
 */
const config = loadConfig();
rmSync(config.dataDir, { recursive: true, force: true });
const database = await openDatabase(config);
await migrate(database);
const logger = createLogger("warn");
await seedDemoCatalog({ db: database.db, storage: createLocalStorage(path.join(config.dataDir, "media")), logger });
await database.db.insert(products).values({
  title: "E2E Imageless Tee",
  description: "A fixture product without photos.",
  priceCents: 1200,
  category: "Accessories",
  sizes: [],
  imageUrls: [],
  stockCount: 3,
  createdAt: new Date("2020-01-01T00:00:00Z"),
});
await database.close();
