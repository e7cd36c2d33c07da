// Fails while it is evaluated, as a bundle built for another engine might.
throw new TypeError("TextEncoder is not defined");
