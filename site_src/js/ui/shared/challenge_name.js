// The name a challenge may carry (docs/replay-link.md "The name"): plain text the sender writes,
// kept on the device for the next time, travelling after the code as `~` and the base64url of its
// UTF-8 bytes. Shown as written and marked as not verified (only the run is). A name holds
// letters, digits, spaces, - ' ’ and emoji only: no < > & (HTML), no . : / @ (links), no
// control, format or bidi character, and nothing that shows as nothing (a default-ignorable code
// point, a Hangul filler), so no two names that read alike differ by what cannot be seen; it has
// a visible letter or digit. Pure; a name that breaks the rule is no name, never an error.

export const NAME_MAX = 16; // characters (code points)
export const NAME_MAX_BYTES = 32; // UTF-8: any 16 letters of Portuguese, fewer emoji
const SEPARATOR = "~";
// The name this device last sent with a challenge, offered again the next time.
const NAME_KEY = "torre.nome";
// What shows as nothing: the joiners, variation selectors and fillers (Hangul's are letters).
const SEEN = "(?!\\p{Default_Ignorable_Code_Point})";
// A letter or digit with its marks: what makes a name readable.
const LETTER = `${SEEN}[\\p{L}\\p{N}](?:${SEEN}\\p{M})*`;
// One emoji in its one spelling (UTS #51 "fully qualified"): U+FE0F only after a character shown as
// text by default, which it turns into its emoji (❤ → ❤️), or a skin tone instead (☝🏽); none after
// one that is an emoji already (🎓); a keycap (1️⃣); a skin tone or a regional indicator (flags).
const AS_TEXT = "(?=\\p{Emoji})(?!\\p{Emoji_Presentation})\\p{Extended_Pictographic}";
const AS_EMOJI = "(?:(?=\\p{Emoji_Presentation})|(?!\\p{Emoji}))\\p{Extended_Pictographic}";
const PICTURE = `(?:${AS_TEXT}(?:\\uFE0F|\\p{Emoji_Modifier})|${AS_EMOJI}\\p{Emoji_Modifier}?)`;
// U+200D only between two pictures, which it joins into one (👩‍🎓, 🏳️‍🌈): where a device lacks that
// picture it shows the two side by side, never nothing and never a letter.
const EMOJI = `(?:${PICTURE}(?:\\u200D${PICTURE})*|[0-9]\\uFE0F\\u20E3|\\p{Emoji_Modifier}|\\p{Regional_Indicator})`;
const ALLOWED = new RegExp(`^(?:${LETTER}|[ '’-]|${EMOJI})+$`, "u");
const READABLE = new RegExp(LETTER, "u");
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TOO_LONG = `O nome tem mais de ${NAME_MAX} caracteres (os emojis contam mais).`;

/** Why `name` cannot travel in a link, as said to the sender, or null. */
export function nameProblem(name) {
  if (typeof name !== "string" || name.length === 0) return "O nome está vazio.";
  // Longer in UTF-16 than the bytes allowed is longer in UTF-8 too: said before the rule is tried.
  if (name.length > NAME_MAX_BYTES) return TOO_LONG;
  if (name !== name.normalize("NFC") || !ALLOWED.test(name)) return "O nome só pode ter letras, algarismos, espaços, hífenes, apóstrofos e emojis.";
  if (!READABLE.test(name)) return "O nome precisa de pelo menos uma letra ou um algarismo.";
  if (name !== name.trim() || name.includes("  ")) return "O nome não pode começar nem acabar com espaços, nem ter dois seguidos.";
  if ([...name].length > NAME_MAX || new TextEncoder().encode(name).length > NAME_MAX_BYTES) return TOO_LONG;
  return null;
}

// An emoji typed in another spelling than its one: a text-default one without its U+FE0F, or an
// emoji-default one with a U+FE0F that changes nothing.
const UNQUALIFIED = new RegExp(`(${AS_TEXT})(?![\\uFE0F\\p{Emoji_Modifier}])`, "gu");
const NEEDLESS = new RegExp(`(${AS_EMOJI})\\uFE0F`, "gu");

/** What the sender typed, made a name when it can be: spaces trimmed and single, NFC, each emoji in
 * its one spelling; "" for none. */
export const tidyName = (typed) => String(typed ?? "").normalize("NFC").trim().replace(/\s+/g, " ")
  .replace(UNQUALIFIED, "$1\uFE0F").replace(NEEDLESS, "$1");

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
