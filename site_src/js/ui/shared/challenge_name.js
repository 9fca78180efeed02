// The name a challenge may carry (docs/replay-link.md "The name"): plain text the sender writes,
// kept on the device for the next time, travelling after the code as `~` and the base64url of its
// UTF-8 bytes. Shown as written and marked as not verified (only the run is). A name holds
// letters, digits, spaces, - ' ’ and emoji only: no < > & (HTML), no . : / @ (links), no
// control, format or bidi character. Pure; a name that breaks the rule is no name, never an error.

export const NAME_MAX = 16; // characters (code points)
export const NAME_MAX_BYTES = 32; // UTF-8: any 16 letters of Portuguese, fewer emoji
const SEPARATOR = "~";
// The name this device last sent with a challenge, offered again the next time.
const NAME_KEY = "torre.nome";
const ALLOWED = /^(?:[\p{L}\p{M}\p{N} '’-]|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200D|\uFE0F)+$/u;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why `name` cannot travel in a link, as said to the sender, or null. */
export function nameProblem(name) {
  if (typeof name !== "string" || name.length === 0) return "O nome está vazio.";
  if (name !== name.normalize("NFC") || !ALLOWED.test(name)) return "O nome só pode ter letras, algarismos, espaços, hífenes, apóstrofos e emojis.";
  if (name !== name.trim() || name.includes("  ")) return "O nome não pode começar nem acabar com espaços, nem ter dois seguidos.";
  if ([...name].length > NAME_MAX || new TextEncoder().encode(name).length > NAME_MAX_BYTES) {
    return `O nome tem mais de ${NAME_MAX} caracteres (os emojis contam mais).`;
  }
  return null;
}

/** What the sender typed, made a name when it can be: spaces trimmed and single, NFC; "" for none. */
export const tidyName = (typed) => String(typed ?? "").normalize("NFC").trim().replace(/\s+/g, " ");

function toBase64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A link's fragment: the code alone (as before names), or `<code>~<base64url of the name's UTF-8>`. */
export function fragmentOf(code, name = null) {
  return name && nameProblem(name) === null ? `${code}${SEPARATOR}${toBase64url(new TextEncoder().encode(name))}` : code;
}

/** {code, name} of a fragment (without "#"); `name` null when there is none or it breaks the rule. */
export function splitFragment(fragment) {
  const at = fragment.indexOf(SEPARATOR);
  if (at < 0) return { code: fragment, name: null };
  const code = fragment.slice(0, at);
  const coded = fragment.slice(at + 1);
  let name = null;
  try {
    if (BASE64URL.test(coded)) name = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(fromBase64url(coded));
  } catch {
    name = null;
  }
  return { code, name: name !== null && nameProblem(name) === null ? name : null };
}

/** The name last sent from this device (GameStorage `storage`), or "" (one that could not travel is none). */
export function keptName(storage) {
  const name = storage.read(NAME_KEY);
  return name !== null && nameProblem(name) === null ? name : "";
}

/** Keeps `name` for the next challenge ("" forgets it). */
export const keepName = (storage, name) => storage.write(NAME_KEY, name);

/** A kept record's name when it is one a link can carry, else null (storage edited by hand is shown without it). */
export const shownName = (name) => (typeof name === "string" && nameProblem(name) === null ? name : null);
