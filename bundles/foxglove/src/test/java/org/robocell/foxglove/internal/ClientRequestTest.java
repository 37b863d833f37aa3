package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ClientRequestTest {

    @Test
    void subscribeCarriesEachSubscriptionIdAndChannelId() {
        ClientRequest.Subscribe s = assertInstanceOf(ClientRequest.Subscribe.class, ClientRequest.parse(
                "{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":0,\"channelId\":3},{\"id\":4294967295,\"channelId\":1}]}"));
        assertEquals(List.of(new ClientRequest.Subscription(0, 3), new ClientRequest.Subscription(-1, 1)),
                s.subscriptions());
    }

    @Test
    void setParametersReadsWholeNumbersAsLongsUnlessTypedFloat64() {
        ClientRequest.SetParameters s = assertInstanceOf(ClientRequest.SetParameters.class, ClientRequest.parse(
                "{\"op\":\"setParameters\",\"id\":\"x\",\"parameters\":[{\"name\":\"a.b.c\",\"value\":2},"
                        + "{\"name\":\"a.b.d\",\"value\":2,\"type\":\"float64\"},{\"name\":\"a.b.e\",\"value\":[1.5,true,\"j\"]},"
                        + "{\"name\":\"a.b.f\"}]}"));
        assertEquals("x", s.id());
        assertEquals(2L, s.parameters().get(0).value());
        assertEquals(2.0, s.parameters().get(1).value());
        assertEquals(List.of(1.5, true, "j"), s.parameters().get(2).value());
        assertNull(s.parameters().get(3).value());
    }

    @Test
    void getParametersWithoutAnIdHasANullId() {
        ClientRequest.GetParameters g = assertInstanceOf(ClientRequest.GetParameters.class,
                ClientRequest.parse("{\"op\":\"getParameters\",\"parameterNames\":[]}"));
        assertEquals(List.of(), g.names());
        assertNull(g.id());
    }

    @Test
    void whatCannotBeReadIsRefusedWithOneLineNamingTheFieldAndWhatWasExpected() {
        assertEquals("expected a JSON object with an 'op' field, got [1,2]", refusal("[1,2]"));
        assertEquals("expected a JSON object with an 'op' field, got {nope", refusal("{nope"));
        assertEquals("field 'op' is missing; expected a string", refusal("{}"));
        assertEquals("subscribe: field 'subscriptions' must be an array, got null", refusal("{\"op\":\"subscribe\"}"));
        assertEquals("field 'channelId' must be a whole number 0..4294967295, got -1",
                refusal("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1,\"channelId\":-1}]}"));
        assertEquals("field 'id' must be a whole number 0..4294967295, got 4294967296",
                refusal("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":4294967296,\"channelId\":1}]}"));
        assertEquals("field 'id' must be a whole number 0..4294967295, got 1.5",
                refusal("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1.5,\"channelId\":1}]}"));
        assertEquals("parameter 'a.b.c': an object is not a parameter value; set each key on its own",
                refusal("{\"op\":\"setParameters\",\"parameters\":[{\"name\":\"a.b.c\",\"value\":{\"x\":1}}]}"));
        assertEquals("op 'advertise' is not served here; this server serves subscribe, unsubscribe, getParameters and"
                + " setParameters", refusal("{\"op\":\"advertise\",\"channels\":[]}"));
    }

    private static String refusal(String text) {
        return assertThrows(ClientRequest.Invalid.class, () -> ClientRequest.parse(text)).getMessage();
    }
}
