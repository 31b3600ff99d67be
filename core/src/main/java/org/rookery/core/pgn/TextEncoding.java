package org.rookery.core.pgn;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * PGN files saved as UTF-16 or UTF-32 (Windows editors do this), told apart by their byte order
 * mark or, without one, by the zero bytes beside the first ASCII character (PGN text never holds
 * a NUL), and turned into the UTF-8 that {@link PgnReader} reads. Without this, such a file is one
 * rejected game saying "unexpected non-ASCII byte 0xFF". UTF-8, with or without its mark, passes
 * through untouched.
 */
public final class TextEncoding {
    /** Bytes needed to recognise every encoding this class knows. */
    public static final int HEAD = 4;

    private TextEncoding() {
    }

    /**
     * The wide encoding the first {@code n} bytes of a file show, or null for UTF-8 (and ASCII,
     * ISO-8859-1), which the reader handles itself.
     */
    public static Charset detect(byte[] head, int n) {
        int b0 = n > 0 ? head[0] & 0xff : -1, b1 = n > 1 ? head[1] & 0xff : -1;
        int b2 = n > 2 ? head[2] & 0xff : -1, b3 = n > 3 ? head[3] & 0xff : -1;
        if (b0 == 0 && b1 == 0 && b2 == 0xfe && b3 == 0xff) return Charset.forName("UTF-32BE");
        if (b0 == 0xff && b1 == 0xfe && b2 == 0 && b3 == 0) return Charset.forName("UTF-32LE");
        if (b0 == 0xfe && b1 == 0xff) return StandardCharsets.UTF_16BE;
        if (b0 == 0xff && b1 == 0xfe) return StandardCharsets.UTF_16LE;
        if (n >= 4 && b0 == 0 && b1 == 0 && b2 == 0 && b3 > 0 && b3 < 0x80) return Charset.forName("UTF-32BE");
        if (n >= 4 && b0 > 0 && b0 < 0x80 && b1 == 0 && b2 == 0 && b3 == 0) return Charset.forName("UTF-32LE");
        if (n >= 2 && b0 == 0 && b1 > 0 && b1 < 0x80) return StandardCharsets.UTF_16BE;
        if (n >= 2 && b0 > 0 && b0 < 0x80 && b1 == 0) return StandardCharsets.UTF_16LE;
        return null;
    }

    /** {@code in} as UTF-8: unchanged unless its first bytes show a wide encoding, which is decoded. */
    public static InputStream toUtf8(InputStream in) throws IOException {
        PushbackInputStream p = new PushbackInputStream(in, HEAD);
        byte[] head = new byte[HEAD];
        int n = 0;
        for (int r; n < HEAD && (r = p.read(head, n, HEAD - n)) > 0; ) n += r;
        if (n > 0) p.unread(head, 0, n);
        Charset cs = detect(head, n);
        // The decoders drop a leading byte order mark themselves only for "UTF-16"; skip it here.
        return cs == null ? p : new Transcoder(new InputStreamReader(p, cs));
    }

    /** Characters from a reader, written out again as UTF-8 bytes, without the byte order mark. */
    private static final class Transcoder extends InputStream {
        private final Reader in;
        private final char[] chars = new char[8192];
        private int carried = -1; // a high surrogate whose low half comes with the next read
        private byte[] out = new byte[0];
        private int pos;
        private boolean first = true;

        Transcoder(Reader in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            while (pos == out.length) {
                if (!fill()) return -1;
            }
            int k = Math.min(len, out.length - pos);
            System.arraycopy(out, pos, b, off, k);
            pos += k;
            return k;
        }

        private boolean fill() throws IOException {
            int start = 0;
            if (carried >= 0) {
                chars[0] = (char) carried;
                start = 1;
                carried = -1;
            }
            int n = in.read(chars, start, chars.length - start);
            if (n < 0) {
                if (start == 0) return false;
                n = 0;
            }
            int end = start + n;
            if (n > 0 && end > 0 && Character.isHighSurrogate(chars[end - 1])) {
                carried = chars[--end];
            }
            int from = 0;
            if (first && end > 0) {
                first = false;
                if (chars[0] == '\uFEFF') from = 1;
            }
            out = new String(chars, from, end - from).getBytes(StandardCharsets.UTF_8);
            pos = 0;
            return true;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
