package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Wide encodings are recognised by mark or by zero bytes and decoded; UTF-8 passes through byte for byte. */
class TextEncodingTest {
    /** Long enough to cross the transcoder's buffer, with a character outside the BMP at the seam. */
    private static final String TEXT = "[Event \"Zürich ♔ 𝄞\"]\n" + "1. e4 e5 ".repeat(1200) + "𝄞 *\n";

    @Test
    void wideEncodingsBecomeUtf8() throws IOException {
        for (String name : new String[] {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"}) {
            Charset cs = Charset.forName(name);
            byte[] plain = TEXT.getBytes(cs);
            byte[] marked = ("\uFEFF" + TEXT).getBytes(cs);
            assertEquals(cs, TextEncoding.detect(plain, TextEncoding.HEAD), name + " without a mark");
            assertEquals(cs, TextEncoding.detect(marked, TextEncoding.HEAD), name + " with a mark");
            assertEquals(TEXT, utf8(plain), name);
            assertEquals(TEXT, utf8(marked), name + ": the mark is dropped");
        }
    }

    @Test
    void utf8AndLatin1AreLeftAlone() throws IOException {
        for (byte[] b : new byte[][] {("\uFEFF" + TEXT).getBytes(StandardCharsets.UTF_8), TEXT.getBytes(StandardCharsets.UTF_8),
                "[Event \"Z\u00fcrich\"]".getBytes(StandardCharsets.ISO_8859_1), new byte[0], new byte[] {'['}}) {
            assertNull(TextEncoding.detect(b, Math.min(b.length, TextEncoding.HEAD)));
            try (InputStream in = TextEncoding.toUtf8(new ByteArrayInputStream(b))) {
                assertArrayEquals(b, in.readAllBytes());
            }
        }
    }

    private static String utf8(byte[] b) throws IOException {
        try (InputStream in = TextEncoding.toUtf8(new ByteArrayInputStream(b))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
