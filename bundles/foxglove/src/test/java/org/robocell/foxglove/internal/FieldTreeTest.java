package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class FieldTreeTest {

    @Test
    void slashesNestSoThatFoxgloveReachesAFieldAsJointDotInterface() {
        FieldTree t = new FieldTree(List.of("joint1/position", "joint1/velocity", "joint2/position"));
        assertTrue(t.nested());
        assertEquals("{\"joint1\":{\"position\":0.5,\"velocity\":null},\"joint2\":{\"position\":-1.0},\"publication\":7}",
                t.values(new double[] {0.5, Double.NaN, -1.0}, 7).toString());
        assertEquals("{\"type\":\"object\",\"properties\":{\"position\":{\"type\":\"number\"},\"velocity\":{\"type\":\"number\"}}}",
                t.schemaProperties().get("joint1").toString());
    }

    @Test
    void aFieldThatIsAlsoThePrefixOfAnotherKeepsEveryNameWhole() {
        FieldTree t = new FieldTree(List.of("a", "a/b"));
        assertFalse(t.nested());
        assertEquals("{\"a\":1.0,\"a/b\":2.0,\"publication\":1}", t.values(new double[] {1, 2}, 1).toString());
        assertFalse(new FieldTree(List.of("a/b", "a")).nested());
    }

    @Test
    void emptySegmentsDuplicatesAndTheReservedPublicationDoNotNest() {
        assertFalse(new FieldTree(List.of("a//b")).nested());
        assertFalse(new FieldTree(List.of("/a")).nested());
        assertFalse(new FieldTree(List.of("x", "x")).nested());
        assertFalse(new FieldTree(List.of("publication/x")).nested());
    }
}
