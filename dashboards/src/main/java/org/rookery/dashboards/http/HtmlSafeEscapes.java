package org.rookery.dashboards.http;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;

/** Jackson escapes that also write '<', '>', '&' and the quote as a six-character \\u escape. */
final class HtmlSafeEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] escapes;

    HtmlSafeEscapes() {
        escapes = standardAsciiEscapesForJSON();
        escapes['<'] = ESCAPE_STANDARD;
        escapes['>'] = ESCAPE_STANDARD;
        escapes['&'] = ESCAPE_STANDARD;
        escapes['\''] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return escapes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return null;
    }
}
