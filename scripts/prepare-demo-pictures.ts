// Part of `npm run build`: draws every demo-catalogue picture not yet in .cache/demo-pictures
// (decision 023), so a first start stores finished files instead of drawing for half a minute.
import { availableParallelism } from "node:os";
import { DEMO_PICTURE_DIR, demoPictureVariants } from "../server/demo/picture-cache";
import { demoImageJobs } from "../server/demo/seed";

const started = performance.now();
const jobs = demoImageJobs().flat();
let drawn = 0;
let next = 0;
const worker = async () => {
  while (next < jobs.length) {
    const job = jobs[next++];
    const { cached } = await demoPictureVariants({ art: job.art, shot: job.shot, seed: job.product });
    if (!cached) drawn++;
  }
};
await Promise.all(Array.from({ length: Math.max(2, Math.min(4, availableParallelism())) }, worker));
console.log(
  `demo pictures in ${DEMO_PICTURE_DIR}: ${jobs.length} (${drawn} drawn now, ${jobs.length - drawn} kept from before) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
