package io.polyid;

/** The child JVM of GeneratorsTest's POLYID_NODE test: its node and an xid's node bits. */
final class NodeChild {
    private NodeChild() {}

    public static void main(String[] args) {
        try {
            Xid x = Xid.generate();
            System.out.println("node " + Node.process().orElse(-1) + " xid-node " + ((x.random() >> 12) & 0x3FF));
        } catch (PolyIdException e) {
            System.out.println("error " + e.code());
        }
    }
}
