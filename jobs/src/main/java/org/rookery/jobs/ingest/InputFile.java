package org.rookery.jobs.ingest;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.rookery.core.cli.UsageError;

/**
 * A PGN file to ingest. {@code path} is a Hadoop path string, so inputs may live on HDFS or S3 as
 * well as on local disk; {@code sourceFile} is the name recorded in the tables: the file name for
 * a file given directly, the path below the directory for one found in a directory.
 */
public record InputFile(int index, String path, String sourceFile, long size, Compression compression)
        implements Serializable {

    /**
     * Lists the PGN files named by {@code inputs} (files or directories, searched recursively),
     * sorted by source name. Bad input is a {@link UsageError} naming the input.
     */
    public static List<InputFile> list(Configuration conf, List<String> inputs) throws IOException {
        List<InputFile> found = new ArrayList<>();
        for (String input : inputs) {
            Path p = new Path(input);
            FileSystem fs = p.getFileSystem(conf);
            FileStatus st;
            try {
                st = fs.getFileStatus(p);
            } catch (FileNotFoundException e) {
                throw new UsageError("no such file or directory: " + input);
            }
            Path qualified = st.getPath();
            if (st.isDirectory()) {
                int before = found.size();
                String root = qualified.toUri().getPath();
                RemoteIterator<LocatedFileStatus> it = fs.listFiles(qualified, true);
                while (it.hasNext()) {
                    LocatedFileStatus f = it.next();
                    String name = f.getPath().getName();
                    Compression kind = Compression.of(name);
                    String rel = f.getPath().toUri().getPath().substring(root.length());
                    while (rel.startsWith("/")) {
                        rel = rel.substring(1);
                    }
                    if (kind != null && f.isFile() && !hidden(rel)) {
                        found.add(new InputFile(0, f.getPath().toString(), rel, f.getLen(), kind));
                    }
                }
                if (found.size() == before) {
                    throw new UsageError("no PGN files (.pgn, .pgn.gz, .pgn.bz2, .pgn.zst) in directory: "
                            + input);
                }
            } else {
                Compression kind = Compression.of(qualified.getName());
                if (kind == null) {
                    throw new UsageError("not a PGN file (expected .pgn, .pgn.gz, .pgn.bz2 or .pgn.zst): "
                            + input);
                }
                found.add(new InputFile(0, qualified.toString(), qualified.getName(), st.getLen(), kind));
            }
        }
        found.sort(Comparator.comparing(InputFile::sourceFile).thenComparing(InputFile::path));
        Map<String, String> seen = new HashMap<>();
        List<InputFile> out = new ArrayList<>(found.size());
        for (InputFile f : found) {
            String other = seen.putIfAbsent(f.sourceFile(), f.path());
            if (other != null && !other.equals(f.path())) {
                throw new UsageError("two inputs are both called '" + f.sourceFile() + "' (" + other
                        + " and " + f.path() + "); ingest them into different collections");
            }
            if (other == null) {
                out.add(new InputFile(out.size(), f.path(), f.sourceFile(), f.size(), f.compression()));
            }
        }
        return out;
    }

    /** Files and directories whose names start with '.' or '_' are not data, as Spark treats them. */
    private static boolean hidden(String relative) {
        for (String part : relative.split("/")) {
            if (part.startsWith(".") || part.startsWith("_")) {
                return true;
            }
        }
        return false;
    }

    /** The default collection name for an input: its base name without a PGN suffix, made safe. */
    public static String defaultCollection(String input) {
        String name = new Path(input).getName();
        Compression kind = Compression.of(name);
        if (kind != null) {
            name = kind.stripSuffix(name);
        }
        return sanitize(name);
    }

    /** A collection name with every character other than letters, digits, '.', '_' and '-' replaced. */
    public static String sanitize(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            sb.append(ok ? c : '_');
        }
        return sb.length() == 0 ? "import" : sb.toString();
    }
}
