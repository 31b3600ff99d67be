package org.rookery.endgame.probe;

/** A table's compressed data does not decompress to what its index promises; the message names the file and block. */
public final class CorruptTableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptTableException(String message) {
        super(message);
    }
}
