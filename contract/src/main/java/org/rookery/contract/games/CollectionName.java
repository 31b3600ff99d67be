package org.rookery.contract.games;

/**
 * What a collection may be called. It names a Hive partition directory ({@code collection=<name>/})
 * that every reader lists, so it is letters, digits, '.', '_' and '-' only, does not start with
 * '.' or '_' (readers skip such files as hidden), and is at most {@value #MAX_LENGTH} characters.
 */
public final class CollectionName {
    private CollectionName() {
    }

    /** Longest name accepted, well below every file system's limit for the directory name. */
    public static final int MAX_LENGTH = 200;

    /** Whether {@code name} is a safe collection name. */
    public static boolean isSafe(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_LENGTH) return false;
        if (name.charAt(0) == '.' || name.charAt(0) == '_') return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            if (!ok) return false;
        }
        return true;
    }
}
