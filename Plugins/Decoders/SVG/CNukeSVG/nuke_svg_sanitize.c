// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The SVG sanitiser: libxml2 parses, and the document is written again from an allow-list, so
// what is not known to be inert is left out rather than what is known to be harmful.

#include "nuke_svg.h"

#include <ctype.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *svg_namespace = "http://www.w3.org/2000/svg";
static const char *xlink_namespace = "http://www.w3.org/1999/xlink";
static const char *xml_namespace = "http://www.w3.org/XML/1998/namespace";

// Elements that draw, group, define paint or filter: no script, foreignObject, animation
// (animate, set… can set an `href`), iframe, cursor or font-face.
static const char *allowed_elements[] = {
    "svg", "g", "defs", "symbol", "use", "switch", "title", "desc", "a", "style",
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath",
    "image", "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
    "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
    "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
    "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
    "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
    "feTurbulence", NULL,
};

// CSS functions that load or run nothing, and the words media queries put before parentheses
// (squeezed, `screen and (…)` reads as `and(`).
static const char *allowed_functions[] = {
    "", "and", "or", "not", "only", "url", "rgb", "rgba", "hsl", "hsla", "calc", "var", "min", "max",
    "clamp", "translate", "translatex", "translatey", "rotate", "scale", "scalex", "scaley", "skewx",
    "skewy", "matrix", NULL,
};

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    size_t limit;
    int overflowed;
} buffer;

static void append(buffer *out, const char *bytes, size_t count) {
    if (out->overflowed) return;
    if (count > out->limit - out->size) {
        out->overflowed = 1;
        return;
    }
    if (out->size + count > out->capacity) {
        size_t capacity = out->capacity < 4096 ? 4096 : out->capacity;
        while (capacity < out->size + count) capacity *= 2;
        uint8_t *grown = realloc(out->data, capacity);
        if (grown == NULL) {
            out->overflowed = 1;
            return;
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, count);
    out->size += count;
}

static void append_string(buffer *out, const char *text) { append(out, text, strlen(text)); }

// `text` with &, <, > and " escaped, and the whitespace a parser would normalise as character
// references — carriage returns everywhere, tabs and line feeds in attribute values — so that the
// document reads back as written.
static void append_escaped(buffer *out, const char *text, int is_attribute) {
    for (const char *c = text; *c; c++) {
        switch (*c) {
        case '&': append_string(out, "&amp;"); break;
        case '<': append_string(out, "&lt;"); break;
        case '>': append_string(out, "&gt;"); break;
        case '"': append_string(out, "&quot;"); break;
        case '\r': append_string(out, "&#13;"); break;
        case '\n': append_string(out, is_attribute ? "&#10;" : "\n"); break;
        case '\t': append_string(out, is_attribute ? "&#9;" : "\t"); break;
        default: append(out, c, 1);
        }
    }
}

static int is_listed(const char *name, const char **list) {
    for (const char **item = list; *item; item++)
        if (strcmp(name, *item) == 0) return 1;
    return 0;
}

// The text `node` holds: a text node's as it is, an internal entity's replacement text when it
// holds no markup and no further reference; NULL for anything else.
static const char *text_piece(xmlDoc *doc, xmlNode *node) {
    if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) return (const char *)node->content;
    if (node->type != XML_ENTITY_REF_NODE) return NULL;
    xmlEntity *entity = xmlGetDocEntity(doc, node->name);
    int plain = entity != NULL && entity->etype == XML_INTERNAL_GENERAL_ENTITY && entity->content != NULL &&
                strpbrk((const char *)entity->content, "<&") == NULL;
    return plain ? (const char *)entity->content : NULL;
}

// The text of `nodes` (an attribute's or a style sheet's children), comments and processing
// instructions skipped; NULL when any other node holds no text (`text_piece`) or past `limit`
// bytes. The caller frees it.
static char *text_of(xmlDoc *doc, xmlNode *nodes, size_t limit) {
    buffer text = {.limit = limit};
    for (xmlNode *node = nodes; node; node = node->next) {
        if (node->type == XML_COMMENT_NODE || node->type == XML_PI_NODE) continue;
        const char *piece = text_piece(doc, node);
        if (piece == NULL) {
            free(text.data);
            return NULL;
        }
        append_string(&text, piece);
    }
    append(&text, "", 1);
    if (text.overflowed) {
        free(text.data);
        return NULL;
    }
    return (char *)text.data;
}

// `text` lowercased without whitespace and control characters, as browsers skip them in URL
// schemes. The caller frees it.
static char *squeezed(const char *text) {
    char *result = malloc(strlen(text) + 1);
    if (result == NULL) return NULL;
    char *end = result;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if (*c > ' ' && *c != 0x7F) *end++ = (char)tolower(*c);
    *end = 0;
    return result;
}

// Whether every `url(` in `text` (squeezed) points into the document: `url(#…)`, quoted or not.
static int urls_are_local(const char *text) {
    for (const char *at = strstr(text, "url("); at; at = strstr(at + 4, "url(")) {
        const char *target = at + 4;
        if (*target == '"' || *target == '\'') target++;
        if (*target != '#') return 0;
    }
    return 1;
}

// Whether a style sheet or `style` attribute loads and runs nothing.
static int css_is_safe(const char *css) {
    char *text = squeezed(css);
    if (text == NULL) return 0;
    int safe = strchr(text, '\\') == NULL && urls_are_local(text) && strstr(text, "javascript:") == NULL;
    for (const char *at = strchr(text, '@'); safe && at; at = strchr(at + 1, '@'))
        safe = strncmp(at + 1, "media", 5) == 0;
    for (const char *paren = strchr(text, '('); safe && paren; paren = strchr(paren + 1, '(')) {
        const char *start = paren;
        while (start > text && (isalnum((unsigned char)start[-1]) || start[-1] == '-' || start[-1] == '_')) start--;
        if (start > text && start[-1] == '@') continue;  // `@media (…)`: at-rules are checked above
        char name[32];
        size_t length = (size_t)(paren - start);
        if (length >= sizeof name) {
            safe = 0;
            break;
        }
        memcpy(name, start, length);
        name[length] = 0;
        safe = is_listed(name, allowed_functions);
    }
    free(text);
    return safe;
}

// Whether `value` of `name` on `element` is kept.
static int keeps_attribute(const char *element, const char *name, const char *value) {
    if (strncasecmp(name, "on", 2) == 0) return 0;
    if (strcmp(name, "href") == 0 || strcmp(name, "xlink:href") == 0) {
        if (value[0] == '#') return 1;
        int raster = strcmp(element, "image") == 0 || strcmp(element, "feImage") == 0;
        static const char *rasters[] = {"data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp",
                                        "data:image/avif", NULL};
        for (const char **prefix = rasters; raster && *prefix; prefix++) {
            size_t length = strlen(*prefix);
            if (strncasecmp(value, *prefix, length) == 0 && (value[length] == ';' || value[length] == ','))
                return 1;
        }
        return 0;
    }
    if (strcmp(name, "style") == 0) return css_is_safe(value);
    char *text = squeezed(value);
    if (text == NULL) return 0;
    int safe = urls_are_local(text) && strstr(text, "javascript:") == NULL && strstr(text, "data:") == NULL;
    free(text);
    return safe;
}

// The attribute's name as written: `xlink:` and `xml:` kept; NULL for other namespaces and
// names too long for `name`.
static const char *attribute_name(xmlAttr *attribute, char *name, size_t size) {
    const char *local = (const char *)attribute->name;
    const char *href = attribute->ns ? (const char *)attribute->ns->href : NULL;
    if (strlen(local) + 6 >= size) return NULL;
    if (href == NULL) {
        // A name with a prefix bound to nothing is no SVG attribute.
        if (strchr(local, ':') != NULL) return NULL;
        snprintf(name, size, "%s", local);
    } else if (strcmp(href, xlink_namespace) == 0 && strcmp(local, "href") == 0) {
        snprintf(name, size, "xlink:href");
    } else if (strcmp(href, xml_namespace) == 0 && (strcmp(local, "space") == 0 || strcmp(local, "lang") == 0)) {
        snprintf(name, size, "xml:%s", local);
    } else {
        return NULL;
    }
    return name;
}

static void write_element(buffer *out, xmlDoc *doc, xmlNode *node, int depth) {
    const char *name = (const char *)node->name;
    if (depth > 256 || node->ns == NULL || strcmp((const char *)node->ns->href, svg_namespace) != 0 ||
        !is_listed(name, allowed_elements))
        return;
    char *style = NULL;
    if (strcmp(name, "style") == 0) {
        style = text_of(doc, node->children, out->limit);
        if (style == NULL || !css_is_safe(style)) {
            free(style);
            return;
        }
    }
    append_string(out, "<");
    append_string(out, name);
    if (depth == 0) {
        append_string(out, " xmlns=\"http://www.w3.org/2000/svg\"");
        append_string(out, " xmlns:xlink=\"http://www.w3.org/1999/xlink\"");
    }
    for (xmlAttr *attribute = node->properties; attribute; attribute = attribute->next) {
        char buffer_name[128];
        const char *written = attribute_name(attribute, buffer_name, sizeof buffer_name);
        char *value = written ? text_of(doc, attribute->children, out->limit) : NULL;
        if (value != NULL && keeps_attribute(name, written, value)) {
            append_string(out, " ");
            append_string(out, written);
            append_string(out, "=\"");
            append_escaped(out, value, 1);
            append_string(out, "\"");
        }
        free(value);
    }
    append_string(out, ">");
    if (style != NULL) {
        append_escaped(out, style, 0);
        free(style);
    } else {
        for (xmlNode *child = node->children; child; child = child->next) {
            if (child->type == XML_ELEMENT_NODE) {
                write_element(out, doc, child, depth + 1);
            } else {
                // Text as it is; an entity that is not plain text, a comment, a PI: left out.
                const char *piece = text_piece(doc, child);
                if (piece) append_escaped(out, piece, 0);
            }
        }
    }
    append_string(out, "</");
    append_string(out, name);
    append_string(out, ">");
}

int nuke_svg_sanitize(const uint8_t *data, size_t size, size_t max_output, uint8_t **output, size_t *output_size,
                      char *message) {
    *output = NULL;
    *output_size = 0;
    message[0] = 0;
    if (size > (size_t)INT32_MAX) return NUKE_SVG_TOO_LARGE;
    xmlParserCtxt *context = xmlNewParserCtxt();
    if (context == NULL) return NUKE_SVG_NO_MEMORY;
    // No network, no DTD loaded, entities left as references (written out here as text, or not
    // at all), libxml2's own limits on depth and size kept (no XML_PARSE_HUGE).
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlDoc *doc = xmlCtxtReadMemory(context, (const char *)data, (int)size, NULL, NULL, options);
    if (doc == NULL) {
        const xmlError *error = xmlCtxtGetLastError(context);
        snprintf(message, NUKE_SVG_MESSAGE_SIZE, "%s", error && error->message ? error->message : "not XML");
        size_t length = strlen(message);
        if (length > 0 && message[length - 1] == '\n') message[length - 1] = 0;
        xmlFreeParserCtxt(context);
        return NUKE_SVG_ERROR;
    }
    xmlNode *root = xmlDocGetRootElement(doc);
    int status = NUKE_SVG_OK;
    buffer out = {.limit = max_output};
    if (root == NULL || root->ns == NULL || strcmp((const char *)root->ns->href, svg_namespace) != 0 ||
        strcmp((const char *)root->name, "svg") != 0) {
        status = NUKE_SVG_NOT_SVG;
    } else {
        append_string(&out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        write_element(&out, doc, root, 0);
        append(&out, "\n", 1);
        if (out.overflowed) status = NUKE_SVG_TOO_LARGE;
    }
    xmlFreeDoc(doc);
    xmlFreeParserCtxt(context);
    if (status != NUKE_SVG_OK) {
        free(out.data);
        return status;
    }
    *output = out.data;
    *output_size = out.size;
    return NUKE_SVG_OK;
}

void nuke_svg_free(void *pointer) { free(pointer); }
