/** The tips seeded at start-up (spec §7 GET /api/tips/random). Written by the CleanSpace team. */
export interface TipSeed {
  category: "photos" | "files" | "apps" | "email" | "wellness";
  title: string;
  content: string;
  priority?: number;
}

export const TIPS: TipSeed[] = [
  {
    category: "photos",
    title: "Burst shots, one keeper",
    content:
      "Burst mode saves a dozen near-identical frames. Pick the sharpest one and delete the rest while the moment is fresh in your mind.",
    priority: 2,
  },
  {
    category: "photos",
    title: "Screenshots expire",
    content:
      "Most screenshots are useful for a day: a boarding pass, a code, a map. Review your screenshots folder weekly and clear what has done its job.",
  },
  {
    category: "photos",
    title: "Exact copies first",
    content:
      "Start with exact duplicates: they are safe to remove because another identical copy stays. Similar-looking photos need your eye; exact copies do not.",
    priority: 3,
  },
  {
    category: "photos",
    title: "Favourite as you go",
    content:
      "Mark a photo as a favourite the moment you love it. Later, clearing everything that is not a favourite from an old album takes minutes.",
  },
  {
    category: "photos",
    title: "Messaging apps hoard media",
    content:
      "Chat apps quietly save every photo and video you receive. Turn off automatic saving to your gallery and clear the media folder once a month.",
    priority: 2,
  },
  {
    category: "photos",
    title: "Videos are the heavy ones",
    content:
      "One minute of 4K video can weigh as much as 300 photos. Sort by size first: a few long clips often free more space than hundreds of photos.",
  },
  {
    category: "photos",
    title: "Albums over folders",
    content:
      "Group photos by event rather than by date. An album called 'Lisbon 2024' is easier to find, share and trim than a folder of 1,400 dated files.",
  },
  {
    category: "photos",
    title: "Back up before you delete",
    content:
      "Before a big photo cleanup, make sure a backup exists somewhere else. Cleaning up is calm when nothing can be lost by mistake.",
    priority: 2,
  },
  {
    category: "files",
    title: "Downloads is not a home",
    content:
      "The Downloads folder is a hallway, not a room. Once a week, move what you keep to its real place and delete installers and one-off PDFs.",
    priority: 3,
  },
  {
    category: "files",
    title: "Name files for future you",
    content:
      "Use names like 2025-03-lease-agreement.pdf. A date first and plain words after make files sort themselves and show up in search.",
  },
  {
    category: "files",
    title: "The 100 MB rule",
    content:
      "Files over 100 MB are where space goes. Review them first: old disk images, installers and exported videos are usually safe to remove.",
    priority: 2,
  },
  {
    category: "files",
    title: "Installers are one-use",
    content: "Once an app is installed, its .dmg, .exe or .pkg installer is dead weight. You can always download the newest version again.",
  },
  {
    category: "files",
    title: "Keep one 'Archive' folder",
    content:
      "Unsure whether to delete something? Move it to a single Archive folder. If you have not opened it in a year, you can delete it with confidence.",
  },
  {
    category: "files",
    title: "Fewer folders, flatter tree",
    content: "Deep folder trees hide files. Three levels are enough for almost everyone: area, project, and the files themselves.",
  },
  {
    category: "files",
    title: "Empty the trash on purpose",
    content:
      "Files in the trash still take space. Empty it after you have checked it, not before: the trash is your safety net for a few days.",
  },
  {
    category: "files",
    title: "Old project? Zip it",
    content:
      "Finished projects with hundreds of small files can be compressed into one archive. They stay searchable by name and take less space.",
  },
  {
    category: "files",
    title: "Duplicate downloads",
    content:
      "Files ending in (1), (2) or 'copy' are usually the same download saved twice. CleanSpace checks the content, so only true copies are flagged.",
  },
  {
    category: "files",
    title: "Desktop zero",
    content: "A clear desktop is a clear head. Give every file on the desktop a home, and keep only what you are working on this week.",
  },
  {
    category: "apps",
    title: "The three-month test",
    content:
      "If you have not opened an app in three months, you probably will not miss it. Your purchases stay in your account if you ever want it back.",
    priority: 3,
  },
  {
    category: "apps",
    title: "Offload, don't lose",
    content: "Phones can offload an app while keeping its data. It frees the app's space, and reinstalling later brings everything back.",
  },
  {
    category: "apps",
    title: "Notifications are a cost",
    content: "Every app that can notify you can interrupt you. Keep notifications for people and time-critical things; silence the rest.",
    priority: 2,
  },
  {
    category: "apps",
    title: "One app per job",
    content: "Two note apps, three to-do apps? Pick one for each job and move everything into it. Less switching, less forgetting.",
  },
  {
    category: "apps",
    title: "Review app permissions",
    content: "Check which apps can see your location, photos, contacts and microphone. Remove access an app does not need to do its job.",
  },
  {
    category: "apps",
    title: "Clear app caches",
    content: "Streaming and social apps can keep gigabytes of cache. Clearing it is safe: the app simply downloads what it needs again.",
  },
  {
    category: "apps",
    title: "Home screen, first page only",
    content: "Keep only daily apps on your first home screen. Everything else can live in the app library, one search away.",
  },
  {
    category: "apps",
    title: "Subscriptions hide in apps",
    content: "Unused apps sometimes carry paid subscriptions. While you remove them, check your store account's subscription list too.",
  },
  {
    category: "email",
    title: "Unsubscribe, don't delete",
    content: "Deleting newsletters every day treats the symptom. Unsubscribe once, and the problem stops arriving.",
    priority: 3,
  },
  {
    category: "email",
    title: "Archive is not delete",
    content: "Archiving keeps a message searchable but out of your inbox. Archive freely; delete only what is large or truly useless.",
  },
  {
    category: "email",
    title: "Large attachments first",
    content:
      "A handful of emails with big attachments can outweigh thousands of plain messages. Search by size and save what you need elsewhere.",
    priority: 2,
  },
  {
    category: "email",
    title: "Two-minute rule",
    content: "If a reply takes less than two minutes, send it now. Everything else goes on a list, not back into the inbox.",
  },
  {
    category: "email",
    title: "Filters do the sorting",
    content:
      "Set up filters for receipts, newsletters and notifications. They land in their own folders and your inbox keeps only what needs you.",
  },
  {
    category: "email",
    title: "Inbox zero is a rhythm",
    content:
      "Inbox zero is not about an empty inbox forever. It is about deciding on each message once: reply, archive, delete or schedule.",
  },
  {
    category: "email",
    title: "Old promotions are safe to clear",
    content:
      "Promotional emails older than a few months are expired by definition. Clearing them in bulk is one of the quickest wins there is.",
  },
  {
    category: "email",
    title: "Batch your email time",
    content: "Check email at set times rather than all day. Two or three focused sessions beat forty interruptions.",
  },
  {
    category: "wellness",
    title: "Small daily steps",
    content: "Five minutes of cleanup a day beats a lost weekend every year. A streak turns tidying into a habit you barely notice.",
    priority: 3,
  },
  {
    category: "wellness",
    title: "Screen-free first hour",
    content: "Try an hour after waking without screens. Your attention is freshest in the morning: spend it on yourself first.",
  },
  {
    category: "wellness",
    title: "Grey mode at night",
    content: "Switching your screen to dark mode or greyscale in the evening makes it less tempting and easier on your eyes.",
  },
  {
    category: "wellness",
    title: "Celebrate freed space",
    content: "Notice what you have freed: space, time and attention. Progress you can see keeps you going.",
  },
  {
    category: "wellness",
    title: "Digital clutter is mental clutter",
    content: "Every unread badge is a small open loop. Closing a few each day makes your devices feel calm again.",
  },
  {
    category: "wellness",
    title: "Schedule a monthly reset",
    content:
      "Put a 20-minute 'digital reset' in your calendar once a month: downloads, screenshots, unused apps, inbox. It never gets out of hand.",
  },
  {
    category: "wellness",
    title: "Less is faster",
    content: "A device with free space updates, backs up and searches faster. Decluttering is also maintenance.",
  },
  {
    category: "wellness",
    title: "Phones out of the bedroom",
    content: "Charging your phone outside the bedroom is one of the simplest ways to sleep better and start the day calmer.",
  },
];
