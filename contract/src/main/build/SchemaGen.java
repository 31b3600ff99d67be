import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Writes the classes of {@code org.rookery.contract.schema} from {@code contract/src/main/schema/tables.tsv}
 * (the file's header says its format). Run by the contract pom at generate-sources in source-launch mode:
 * {@code java SchemaGen.java <tables.tsv> <output source root>}. Its output depends on the file only, and a
 * class whose text is unchanged is not rewritten, so builds are byte-for-byte stable and incremental.
 */
public final class SchemaGen {
    private static final String PACKAGE = "org.rookery.contract.schema";
    private static final List<String> SCALARS = List.of("string", "int", "bigint", "tinyint", "boolean", "double", "timestamp");

    /** A bad line of the data file: the build stops with this one-line message. */
    static final class BadLine extends RuntimeException {
        BadLine(Path file, int line, String why) {
            super(file + ":" + line + ": " + why);
        }
    }

    /** One generated class, its members in the file's order. */
    static final class Unit {
        final String name;
        final String doc;
        final List<String> constants = new ArrayList<>();
        final List<String> members = new ArrayList<>();
        final Map<String, String> declared = new LinkedHashMap<>(); // column name -> constant, in this class
        final TreeSet<String> staticImports = new TreeSet<>();
        boolean usesList;
        Block block;

        Unit(String name, String doc) {
            this.name = name;
            this.doc = doc;
        }
    }

    /** The struct or table whose col/use lines are being read. */
    static final class Block {
        final String header;
        final String partition; // column name, "-" for none, null for a struct
        final List<String> columns = new ArrayList<>();

        Block(String header, String partition) {
            this.header = header;
            this.partition = partition;
        }
    }

    private final Path file;
    private final List<Unit> units = new ArrayList<>();
    private final Map<String, String> columnOwner = new LinkedHashMap<>(); // name -> Class.CONST first declaring it
    private final Map<String, String> tableOwner = new LinkedHashMap<>();
    private final java.util.Set<String> structs = new java.util.HashSet<>(); // Class.CONST of each struct
    private int lineNo;

    SchemaGen(Path file) {
        this.file = file;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java SchemaGen.java <tables.tsv> <output source root>");
            System.exit(2);
        }
        SchemaGen gen = new SchemaGen(Path.of(args[0]));
        try {
            gen.read(Files.readAllLines(gen.file, StandardCharsets.UTF_8));
        } catch (BadLine e) {
            System.err.println("SchemaGen: " + e.getMessage());
            System.exit(1);
        }
        Path dir = Path.of(args[1]).resolve(PACKAGE.replace('.', '/'));
        Files.createDirectories(dir);
        // A class the file no longer defines must not linger in the source root and still compile.
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Unit u : gen.units) names.add(u.name + ".java");
        try (var old = Files.list(dir)) {
            for (Path p : old.toList()) if (!names.contains(p.getFileName().toString())) Files.delete(p);
        }
        for (Unit u : gen.units) {
            Path out = dir.resolve(u.name + ".java");
            byte[] text = gen.render(u).getBytes(StandardCharsets.UTF_8);
            if (!Files.exists(out) || !java.util.Arrays.equals(Files.readAllBytes(out), text)) Files.write(out, text);
        }
    }

    void read(List<String> lines) {
        Unit u = null;
        for (String raw : lines) {
            lineNo++;
            if (raw.isBlank() || raw.startsWith("#")) continue;
            String[] f = raw.split("\t", -1);
            String kind = f[0];
            if (kind.equals("class")) {
                fields(f, 3);
                close(u);
                u = new Unit(identifier(f[1], "[A-Z][A-Za-z0-9]*"), f[2]);
                units.add(u);
                continue;
            }
            if (u == null) throw bad("a '" + kind + "' line before the first 'class' line");
            switch (kind) {
                case "tablename" -> {
                    fields(f, 4);
                    close(u);
                    String c = identifier(f[1], "[A-Z][A-Z0-9_]*");
                    tableOwner.putIfAbsent(f[2], u.name + "." + c);
                    u.constants.add(javadoc(f[3], "    ") + "    public static final String " + c + " = " + literal(f[2]) + ";\n");
                }
                case "name" -> {
                    fields(f, 4);
                    close(u);
                    String c = identifier(f[1], "[A-Z][A-Z0-9_]*");
                    columnOwner.putIfAbsent(f[2], u.name + "." + c);
                    u.declared.put(f[2], c);
                    u.constants.add(javadoc(f[3], "    ") + "    public static final String " + c + " = " + literal(f[2]) + ";\n");
                }
                case "int" -> {
                    fields(f, 4);
                    close(u);
                    String c = identifier(f[1], "[A-Z][A-Z0-9_]*");
                    if (!f[2].matches("[0-9 <>*+-]+")) throw bad("not an int expression: " + f[2]);
                    u.constants.add(javadoc(f[3], "    ") + "    public static final int " + c + " = " + f[2] + ";\n");
                }
                case "struct" -> {
                    fields(f, 3);
                    close(u);
                    String c = identifier(f[1], "[A-Z][A-Z0-9_]*");
                    structs.add(u.name + "." + c);
                    u.block = new Block(javadoc(f[2], "    ") + "    public static final ColumnType.StructOf " + c
                            + " = new ColumnType.StructOf(List.of(\n", null);
                    u.usesList = true;
                }
                case "table" -> {
                    fields(f, 4);
                    close(u);
                    String table = tableOwner.get(f[1]);
                    if (table == null) throw bad("table " + f[1] + " has no 'tablename' line before it");
                    u.block = new Block(javadoc(f[3], "    ") + "    public static final TableSchema SCHEMA = new TableSchema("
                            + table + ", List.of(\n", f[2]);
                    u.usesList = true;
                }
                case "col", "use" -> {
                    fields(f, 5);
                    if (u.block == null) throw bad("a column outside a 'struct' or 'table'");
                    String name = f[1];
                    if (!name.matches("[a-z][a-z0-9_]*")) throw bad("column name must be lower-case letters, digits and '_': " + name);
                    if (kind.equals("col") && !u.declared.containsKey(name)) {
                        String c = name.toUpperCase(java.util.Locale.ROOT);
                        String owner = columnOwner.get(name);
                        u.constants.add(javadoc("Column {@code " + name + "}: " + f[4].replace("<", "&lt;").replace(">", "&gt;") + ".", "    ")
                                + "    public static final String " + c + " = " + (owner == null ? literal(name) : owner) + ";\n");
                        u.declared.put(name, c);
                        columnOwner.putIfAbsent(name, u.name + "." + c);
                    }
                    String nullable = switch (f[3]) {
                        case "required" -> "required";
                        case "optional" -> "optional";
                        default -> throw bad("expected required or optional, got " + f[3]);
                    };
                    u.staticImports.add("org.rookery.contract.schema.Column." + nullable);
                    u.block.columns.add("            " + nullable + "(" + reference(u, name) + ", " + type(u, f[2]) + ", "
                            + literal(f[4]) + ")");
                }
                case "list" -> {
                    fields(f, 4);
                    close(u);
                    List<String> refs = new ArrayList<>();
                    for (String n : f[2].split(",")) {
                        int dot = n.indexOf('.');
                        refs.add(dot < 0 ? reference(u, n) : reference(u, n.substring(0, dot)) + " + " + literal(n.substring(dot)));
                    }
                    String list = "List.of(" + String.join(", ", refs) + ")";
                    u.usesList = true;
                    if (f[1].matches("[a-z][A-Za-z0-9]*\\(\\)")) {
                        u.members.add(javadoc(f[3], "    ") + "    public static List<String> " + f[1] + " {\n        return "
                                + list + ";\n    }\n");
                    } else {
                        u.members.add(javadoc(f[3], "    ") + "    public static final List<String> "
                                + identifier(f[1], "[A-Z][A-Z0-9_]*") + " = " + list + ";\n");
                    }
                }
                default -> throw bad("unknown line kind '" + kind + "'");
            }
        }
        close(u);
    }

    /** Ends the struct or table being read, if any. */
    private void close(Unit u) {
        if (u == null || u.block == null) return;
        if (u.block.columns.isEmpty()) throw bad("a struct or table without columns");
        // The partition is resolved here, once the table's own columns have their constants.
        String footer = u.block.partition == null ? "));\n"
                : "), " + (u.block.partition.equals("-") ? "null" : reference(u, u.block.partition)) + ");\n";
        u.members.add(u.block.header + String.join(",\n", u.block.columns) + footer);
        u.block = null;
    }

    /** The Java expression naming column {@code name}: this class's constant, else the first class declaring it. */
    private String reference(Unit u, String name) {
        String own = u.declared.get(name);
        if (own != null) return own;
        String owner = columnOwner.get(name);
        if (owner == null) throw bad("column " + name + " has no constant: declare it with a 'col' line first");
        return owner;
    }

    private String type(Unit u, String t) {
        if (SCALARS.contains(t)) {
            String c = t.toUpperCase(java.util.Locale.ROOT);
            u.staticImports.add("org.rookery.contract.schema.ColumnType.Scalar." + c);
            return c;
        }
        if (t.startsWith("array<") && t.endsWith(">")) {
            String e = t.substring(6, t.length() - 1);
            boolean nulls = e.endsWith("?");
            return "new ColumnType.ListOf(" + type(u, nulls ? e.substring(0, e.length() - 1) : e) + ", " + nulls + ")";
        }
        String qualified = t.contains(".") ? t : u.name + "." + t;
        if (!structs.contains(qualified)) throw bad("unknown type " + t);
        return t;
    }

    private String render(Unit u) {
        StringBuilder sb = new StringBuilder();
        sb.append("// Generated by contract/src/main/build/SchemaGen.java from contract/src/main/schema/tables.tsv: edit that file.\n");
        sb.append("package ").append(PACKAGE).append(";\n\n");
        for (String s : u.staticImports) sb.append("import static ").append(s).append(";\n");
        if (!u.staticImports.isEmpty()) sb.append('\n');
        if (u.usesList) sb.append("import java.util.List;\n\n");
        sb.append(javadoc(u.doc, "")).append("public final class ").append(u.name).append(" {\n");
        sb.append("    private ").append(u.name).append("() {\n    }\n");
        for (String c : u.constants) sb.append('\n').append(c);
        for (String m : u.members) sb.append('\n').append(m);
        return sb.append("}\n").toString();
    }

    /** A Javadoc comment, wrapped at 110 columns. */
    private static String javadoc(String doc, String indent) {
        String text = doc.replace("*/", "*&#47;");
        if (indent.length() + 8 + text.length() <= 110) return indent + "/** " + text + " */\n";
        StringBuilder sb = new StringBuilder(indent).append("/**\n");
        StringBuilder line = new StringBuilder();
        for (String w : text.split(" ")) {
            if (line.length() > 0 && indent.length() + 3 + line.length() + 1 + w.length() > 110) {
                sb.append(indent).append(" * ").append(line).append('\n');
                line.setLength(0);
            }
            if (line.length() > 0) line.append(' ');
            line.append(w);
        }
        sb.append(indent).append(" * ").append(line).append('\n');
        return sb.append(indent).append(" */\n").toString();
    }

    private static String literal(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private String identifier(String s, String pattern) {
        if (!s.matches(pattern)) throw bad("not a valid name here: " + s);
        return s;
    }

    private void fields(String[] f, int n) {
        if (f.length != n) throw bad("'" + f[0] + "' takes " + n + " tab-separated fields, found " + f.length);
    }

    private BadLine bad(String why) {
        return new BadLine(file, lineNo, why);
    }
}
