package org.rookery.contract;

/** A value that breaks the contract; the message is the one-line reason written into {@code rejected}. */
public final class ContractException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A violation described by {@code reason} (one line, naming the field). */
    public ContractException(String reason) {
        super(reason, null, false, false);
    }
}
