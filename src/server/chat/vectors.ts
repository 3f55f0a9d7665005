import type { ChatIndexFile } from "../../shared/chat-rules.ts";

// The chat's optional second ranking: an embedding model's vectors of the passages and the
// question, compared by cosine similarity (retrieval.ts fuses it with BM25's).

/** Vectors of texts, one per text in order (an OpenAI-compatible embeddings call). */
export type Embed = (texts: string[]) => Promise<number[][]>;

/** Passages embedded per call of `embed`. */
const EMBED_BATCH = 64;
/** Nearest passages by vector taken into the fusion. */
const VECTOR_CANDIDATES = 20;

/** Unit vectors: a dot product is then the cosine. */
function unit(vector: readonly number[]): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return Float32Array.from(vector, (x) => x * scale);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** The passages' vectors per index and model, embedded once (a failed attempt is retried). */
const vectorsByIndex = new WeakMap<ChatIndexFile, WeakMap<Embed, Promise<Float32Array[]>>>();

function passageVectors(index: ChatIndexFile, embed: Embed): Promise<Float32Array[]> {
  const byEmbed = vectorsByIndex.get(index) ?? new WeakMap<Embed, Promise<Float32Array[]>>();
  vectorsByIndex.set(index, byEmbed);
  let vectors = byEmbed.get(embed);
  if (!vectors) {
    vectors = (async () => {
      const all: Float32Array[] = [];
      for (let at = 0; at < index.passages.length; at += EMBED_BATCH) {
        const batch = index.passages.slice(at, at + EMBED_BATCH);
        const answer = await embed(batch.map((p) => `${p.title}\n${p.section}\n${p.text}`));
        if (answer.length !== batch.length) throw new Error("embed answered the wrong count");
        all.push(...answer.map(unit));
      }
      return all;
    })();
    byEmbed.set(embed, vectors);
    vectors.catch(() => byEmbed.delete(embed));
  }
  return vectors;
}

/** The passages nearest the question by the model, at least `min` similar, with their similarity. */
export async function nearest(
  index: ChatIndexFile,
  embed: Embed,
  question: string,
  min: number,
): Promise<Map<number, number>> {
  const [vectors, asked] = await Promise.all([passageVectors(index, embed), embed([question])]);
  const q = unit(asked[0] ?? []);
  const similar: [number, number][] = [];
  for (const [doc, vector] of vectors.entries()) {
    const s = dot(q, vector);
    if (s >= min) similar.push([doc, s]);
  }
  similar.sort((a, b) => b[1] - a[1]);
  return new Map(similar.slice(0, VECTOR_CANDIDATES));
}
