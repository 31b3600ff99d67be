package org.rookery.jobs.ingest;

import java.io.Serializable;

/**
 * One piece of ingestion work, a Java bean so Spark can encode it: either a byte range of a plain
 * {@code .pgn} file that starts and ends at game boundaries, or a block of decompressed PGN text
 * (in {@link #getData()}) cut from a compressed file, or, before cutting, a whole compressed file.
 *
 * <p>{@code gameOffset} and {@code lineOffset} are the games and line breaks that come before the
 * unit in its file, so the game numbers and line numbers the reader reports inside the unit turn
 * into the file's own. {@code gameCount} and {@code lineCount} are those within the unit, where
 * known.
 */
public final class WorkUnit implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private int fileIndex;
    private String path;
    private String sourceFile;
    private String compression;
    private long start;
    private long end;
    private long gameOffset;
    private long lineOffset;
    private long gameCount;
    private long lineCount;
    private byte[] data;
    private String streamError;

    /** An empty unit, for the bean encoder. */
    public WorkUnit() {
    }

    /** A unit over bytes {@code [start, end)} of a file. */
    public static WorkUnit range(long id, InputFile file, long start, long end) {
        WorkUnit u = new WorkUnit();
        u.id = id;
        u.fileIndex = file.index();
        u.path = file.path();
        u.sourceFile = file.sourceFile();
        u.compression = file.compression().name();
        u.start = start;
        u.end = end;
        return u;
    }

    /** A copy of this unit's identity with other bytes and offsets. */
    public WorkUnit derive(long newId, long newStart, long newEnd) {
        WorkUnit u = new WorkUnit();
        u.id = newId;
        u.fileIndex = fileIndex;
        u.path = path;
        u.sourceFile = sourceFile;
        u.compression = compression;
        u.start = newStart;
        u.end = newEnd;
        return u;
    }

    /** Bytes of the unit that are read. */
    public long length() {
        return data != null ? data.length : end - start;
    }

    public Compression kind() {
        return Compression.valueOf(compression);
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public int getFileIndex() {
        return fileIndex;
    }

    public void setFileIndex(int fileIndex) {
        this.fileIndex = fileIndex;
    }

    public String getPath() {
        return path;
    }

    public void setPath(String path) {
        this.path = path;
    }

    public String getSourceFile() {
        return sourceFile;
    }

    public void setSourceFile(String sourceFile) {
        this.sourceFile = sourceFile;
    }

    public String getCompression() {
        return compression;
    }

    public void setCompression(String compression) {
        this.compression = compression;
    }

    public long getStart() {
        return start;
    }

    public void setStart(long start) {
        this.start = start;
    }

    public long getEnd() {
        return end;
    }

    public void setEnd(long end) {
        this.end = end;
    }

    public long getGameOffset() {
        return gameOffset;
    }

    public void setGameOffset(long gameOffset) {
        this.gameOffset = gameOffset;
    }

    public long getLineOffset() {
        return lineOffset;
    }

    public void setLineOffset(long lineOffset) {
        this.lineOffset = lineOffset;
    }

    public long getGameCount() {
        return gameCount;
    }

    public void setGameCount(long gameCount) {
        this.gameCount = gameCount;
    }

    public long getLineCount() {
        return lineCount;
    }

    public void setLineCount(long lineCount) {
        this.lineCount = lineCount;
    }

    /** Decompressed text of a block, or null for a byte range read from the file itself. */
    public byte[] getData() {
        return data;
    }

    public void setData(byte[] data) {
        this.data = data;
    }

    /**
     * Why the compressed stream broke off, on the block holding the text after the last intact
     * game; null otherwise.
     */
    public String getStreamError() {
        return streamError;
    }

    public void setStreamError(String streamError) {
        this.streamError = streamError;
    }

    @Override
    public String toString() {
        return sourceFile + "[" + start + ", " + end + ")";
    }
}
