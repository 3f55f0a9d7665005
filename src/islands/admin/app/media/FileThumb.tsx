import { useState } from "react";
import { type FileImageItem, fileImagePath } from "./facts.ts";
import { useFileThumbnail } from "./queries.ts";

/**
 * The picture of a photo or banner written in a file, in a box of the caller's shape: the
 * narrowest file the site's build serves of its image. While it is asked for the box is empty;
 * when there is none (the file is missing, or no build has made it yet) the box names the file.
 */
export function FileThumb({ item, className }: { item: FileImageItem; className: string }) {
  const path = fileImagePath(item);
  const thumbnail = useFileThumbnail(item.id);
  const [broken, setBroken] = useState(false);
  if (!thumbnail.data || broken) {
    return (
      <span className={`${className} bms-image-placeholder`}>
        {(thumbnail.isError || broken) && <span>{path}</span>}
      </span>
    );
  }
  const { src, width, height } = thumbnail.data;
  return (
    <span className={className} title={path}>
      <img
        src={src}
        alt=""
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    </span>
  );
}
