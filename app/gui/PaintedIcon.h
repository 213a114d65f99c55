#pragma once
// Small status icons (severity squares, verdict dots) drawn once per key and
// kept for the life of the process, so that table views can ask per row.

#include <QHash>
#include <QIcon>
#include <QPainter>
#include <QPixmap>

namespace tilelens::gui {

// The icon cached under \a key, or a new \a size x \a size one on a
// transparent background, drawn antialiased by \a draw(QPainter&).
template <typename Key, typename Draw>
QIcon cachedPaintedIcon(QHash<Key, QIcon>& cache, const Key& key, int size, Draw draw)
{
    const auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return *it;
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    {
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        draw(p);
    }
    return *cache.insert(key, QIcon(pixmap));
}

} // namespace tilelens::gui
