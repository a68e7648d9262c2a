/* The search page finds a rule by its ID, its printed number (with or without its edition) or its
   current number, and lists it first with its text as the snippet. The table is rules-lookup.js,
   written by the build (mtgrules.docs.search_data). Results of Sphinx's own search that point at
   a rule get the rule's text as their snippet too. */
(() => {
  const root = document.documentElement.dataset.content_root || "";

  const showRules = (query) => {
    const lookup = window.MTGRULES_LOOKUP;
    const key = query.trim().toLowerCase().replace(/\s+/g, " ");
    const hits = (lookup.keys[key] || []).map((i) => lookup.items[i]);
    if (!hits.length) return;
    const box = document.createElement("div");
    box.id = "rule-hits";
    const title = box.appendChild(document.createElement("h2"));
    title.textContent = hits.length === 1 ? "Rule" : "Rules";
    const list = box.appendChild(document.createElement("ul"));
    list.className = "search rule-hits";
    for (const hit of hits) {
      const item = list.appendChild(document.createElement("li"));
      const link = item.appendChild(document.createElement("a"));
      link.href = root + hit.url;
      link.textContent = hit.label;
      const snippet = item.appendChild(document.createElement("p"));
      snippet.className = "context";
      snippet.textContent = hit.text;
    }
    const results = document.getElementById("search-results");
    results.parentNode.insertBefore(box, results);
  };

  const ruleSnippets = () => {
    if (typeof Search === "undefined" || !Search.htmlToText) return;  // searchtools.js declares it with const
    const original = Search.htmlToText;
    Search.htmlToText = (html, anchor) => {
      if (anchor && anchor.startsWith("#rule-")) {
        const page = new DOMParser().parseFromString(html, "text/html");
        const signature = page.getElementById(anchor.slice(1));
        const text = signature && signature.closest("dl") && signature.closest("dl").querySelector(".rule-text");
        if (text) return text.textContent;
      }
      return original(html, anchor);
    };
  };

  window.addEventListener("DOMContentLoaded", () => {
    if (!document.getElementById("search-results")) return;
    ruleSnippets();
    const query = new URLSearchParams(window.location.search).get("q");
    if (!query) return;
    const script = document.createElement("script");
    script.src = root + "_static/rules-lookup.js";
    script.onload = () => showRules(query);
    document.head.appendChild(script);
  });
})();
