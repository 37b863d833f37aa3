package org.robocell.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.lang.reflect.Proxy;

import org.junit.jupiter.api.Test;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;

/**
 * A request refused before its body is read (401, 415, 404) has the body read and dropped first: answered and closed
 * with the body unread in the socket, the connection is reset and the client can lose the answer.
 */
class HttpTest {

    /** A request whose body is {@code body}, announced as {@code length} bytes; counts the bytes read from it. */
    private static final class Body extends ServletInputStream {
        final ByteArrayInputStream in;
        int read;

        Body(byte[] body) {
            in = new ByteArrayInputStream(body);
        }

        @Override
        public int read() {
            int b = in.read();
            read += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            int n = in.read(b, off, len);
            read += Math.max(n, 0);
            return n;
        }

        @Override
        public boolean isFinished() {
            return in.available() == 0;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            throw new UnsupportedOperationException();
        }
    }

    private static HttpServletRequest request(long length, Body body) {
        return (HttpServletRequest) Proxy.newProxyInstance(HttpTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (p, m, a) -> switch (m.getName()) {
                    case "getContentLengthLong" -> length;
                    case "getInputStream" -> body;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void aRefusedRequestsBodyIsReadToItsEnd() throws Exception {
        byte[] form = "{\"action\":\"activate\",\"names\":[\"x\"]}".getBytes();
        Body body = new Body(form);
        Http.discardBody(request(form.length, body));
        assertEquals(form.length, body.read);
        assertFalse(body.in.available() > 0);

        Body chunked = new Body(new byte[10_000]);
        Http.discardBody(request(-1, chunked));
        assertEquals(10_000, chunked.read, "a body without a length is read too, up to the limit");
    }

    @Test
    void aBodyBeyondTheLimitIsLeftForTheServerToCloseTheConnectionOnAndNoBodyIsNotRead() throws Exception {
        Body large = new Body(new byte[Http.DISCARDED_BODY_LIMIT + 1]);
        Http.discardBody(request(Http.DISCARDED_BODY_LIMIT + 1, large));
        assertEquals(0, large.read);

        Http.discardBody(request(0, null)); // a GET: its input stream is not even asked for

        Body endless = new Body(new byte[Http.DISCARDED_BODY_LIMIT * 3]);
        Http.discardBody(request(-1, endless));
        assertEquals(Http.DISCARDED_BODY_LIMIT, endless.read, "an unannounced body is read no further than the limit");
    }
}
