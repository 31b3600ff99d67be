package org.rookery.core.pgn;

/**
 * UTF-8 decoding that never fails: a byte that does not start a well-formed UTF-8 sequence is read
 * as ISO-8859-1, because PGN files in the wild are in either encoding and sometimes in both.
 */
final class Utf8 {

    private Utf8() {
    }

    /**
     * Length (2-4) of the well-formed UTF-8 sequence whose lead byte is {@code b0} and whose
     * continuation bytes start at {@code a[cont]}, or 0 when the bytes before {@code limit} do not
     * complete one (overlong forms and surrogates count as malformed). The lead byte is passed
     * apart because a streaming caller may already have consumed it from its buffer.
     */
    static int sequenceLength(int b0, byte[] a, int cont, int limit) {
        int len;
        int lo = 0x80;
        int hi = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            len = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            len = 3;
            if (b0 == 0xE0) {
                lo = 0xA0;
            } else if (b0 == 0xED) {
                hi = 0x9F;
            }
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            len = 4;
            if (b0 == 0xF0) {
                lo = 0x90;
            } else if (b0 == 0xF4) {
                hi = 0x8F;
            }
        } else {
            return 0;
        }
        if (cont + len - 1 > limit) {
            return 0;
        }
        int b1 = a[cont] & 0xFF;
        if (b1 < lo || b1 > hi) {
            return 0;
        }
        for (int k = 1; k < len - 1; k++) {
            int b = a[cont + k] & 0xFF;
            if (b < 0x80 || b > 0xBF) {
                return 0;
            }
        }
        return len;
    }

    /** Code point of a sequence already validated by {@link #sequenceLength}. */
    static int codePoint(int b0, byte[] a, int cont, int len) {
        int cp = b0 & (0xFF >> (len + 1));
        for (int k = 0; k < len - 1; k++) {
            cp = (cp << 6) | (a[cont + k] & 0x3F);
        }
        return cp;
    }

    /** Stores code point {@code cp} at {@code dst[at]} and returns the number of chars written. */
    static int putCodePoint(int cp, char[] dst, int at) {
        if (cp < 0x10000) {
            dst[at] = (char) cp;
            return 1;
        }
        dst[at] = Character.highSurrogate(cp);
        dst[at + 1] = Character.lowSurrogate(cp);
        return 2;
    }

    /** Decodes {@code len} bytes at {@code off} with the Latin-1 fallback. */
    static String decode(byte[] a, int off, int len) {
        char[] out = new char[len];
        int n = 0;
        int end = off + len;
        int i = off;
        while (i < end) {
            int b = a[i] & 0xFF;
            if (b < 0x80) {
                out[n++] = (char) b;
                i++;
                continue;
            }
            int seq = sequenceLength(b, a, i + 1, end);
            if (seq == 0) {
                out[n++] = (char) b;
                i++;
            } else {
                // A 4-byte sequence yields 2 chars, never more chars than bytes.
                n += putCodePoint(codePoint(b, a, i + 1, seq), out, n);
                i += seq;
            }
        }
        return new String(out, 0, n);
    }
}
