package io.github.ompt4j.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Prices a basket with a {@code CompletableFuture} pipeline: for each product, a quote and a discount are
 * computed asynchronously, combined, and taxed in a dependent async stage; the basket total joins them
 * all. Under the agent (with a common pool of more than one worker) each first stage is a submission and
 * each dependent stage a task whose parent is the stage that triggered it.
 *
 * <p>{@code java -Djava.util.concurrent.ForkJoinPool.common.parallelism=4 -cp demo-apps/target/classes
 * io.github.ompt4j.demo.QuotePipelineDemo [products]}
 */
public final class QuotePipelineDemo {
    private QuotePipelineDemo() {
    }

    public static void main(String[] args) {
        int products = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long start = System.nanoTime();
        long total = priceBasket(products);
        System.out.printf("%d products, total %d cents in %.1f ms%n", products, total, (System.nanoTime() - start) / 1e6);
    }

    public static long priceBasket(int products) {
        List<CompletableFuture<Long>> prices = new ArrayList<>();
        for (int p = 0; p < products; p++) {
            int product = p;
            CompletableFuture<Long> quote = CompletableFuture.supplyAsync(() -> quoteInCents(product));
            CompletableFuture<Long> discount = CompletableFuture.supplyAsync(() -> discountInCents(product));
            prices.add(quote.thenCombine(discount, (q, d) -> q - d).thenApplyAsync(QuotePipelineDemo::withTax));
        }
        return CompletableFuture.allOf(prices.toArray(new CompletableFuture<?>[0]))
                .thenApply(done -> prices.stream().mapToLong(CompletableFuture::join).sum()).join();
    }

    /** A price that takes some computing: a few thousand rounds of a hash. */
    static long quoteInCents(int product) {
        long h = product * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < 5_000; i++) {
            h ^= h >>> 31;
            h *= 0xBF58476D1CE4E5B9L;
        }
        return 1_000 + Math.floorMod(h, 9_000);
    }

    static long discountInCents(int product) {
        return product % 7 == 0 ? 250 : 0;
    }

    static long withTax(long cents) {
        return cents + cents * 19 / 100;
    }
}
